/**
 * What an agent sends of a long conversation, as {@link dev.weft.agents.loop.ContextPolicy} implementations: a
 * history budget that drops the oldest whole rounds behind one synopsis ({@link
 * dev.weft.agents.compact.HistoryBudget}, read it first), optionally moving them into the ledger first so {@code
 * recall_round} brings them back ({@link dev.weft.agents.compact.RoundArchive}); and the transcript as an
 * environment slot with a window of rounds in the request ({@link dev.weft.agents.compact.TranscriptWindow}).
 * Imports the chat model types, the loop's policy seam, the toolbox and context (ledger, environment); no Beam, no
 * Lucene. docs/agents.md, "Compaction" and "Transcript slot".
 */
package dev.weft.agents.compact;
