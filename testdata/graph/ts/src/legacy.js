const app = require('./app.js');

module.exports = app;
