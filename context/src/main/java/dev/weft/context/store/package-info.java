/**
 * The storage contract the ledger and the memory write path are built on: a sorted key/value store of JSON
 * values with optional capabilities — an atomic scoped {@link dev.weft.context.store.Store#mutate mutate}, a
 * vector {@link dev.weft.context.store.Store#rank rank} and a text {@link dev.weft.context.store.Store#search
 * search} answered where the data lives. Adapters: {@code InMemoryStore} here, the Lucene adapter in
 * lucene-index. Every adapter passes the contract suite published in this module's test jar.
 */
package dev.weft.context.store;
