/**
 * The agent loop: a model call, the tool calls it asks for, their results, again — inside budgets. Read
 * {@link dev.weft.agents.loop.ContextPolicy} first for what the loop sends of its transcript. Imports the chat
 * client, the toolbox and context (the ledger); no Beam, no Lucene.
 */
package dev.weft.agents.loop;
