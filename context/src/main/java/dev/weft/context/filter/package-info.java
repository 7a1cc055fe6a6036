/**
 * Metadata filters: {@code weft recall --where 'lang = "en" and year >= 2020'}. {@link MetaFilterParser} turns
 * the text into a {@link MetaFilter} tree, bounded in size and depth; the tree's {@link MetaFilter#test} is the
 * meaning every compiled form (the index's Lucene query, {@code dev.weft.index.MetaFilterQueries}) must agree
 * with. Read {@link MetaFilter} first. Imports only {@code dev.weft.context} (for {@code ItemMetadata}) and the
 * JDK: no parser library, the grammar is small enough that a recursive-descent parser is shorter than a grammar
 * file plus its generated code, and its errors can name the position and what was expected in our words.
 */
package dev.weft.context.filter;
