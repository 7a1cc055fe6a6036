/**
 * The environment a program runs over: named slots in ledger storage, read only through bounded operations
 * ({@link dev.weft.context.env.Environment}).
 */
package dev.weft.context.env;
