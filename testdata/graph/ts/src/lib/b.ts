const g = require('./greet');

export const b = g.greet();
