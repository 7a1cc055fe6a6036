/**
 * The agent loop: a model call, the tool calls it asks for, their results, again — inside budgets, each limit a
 * named {@link dev.weft.agents.loop.StopReason}. Read {@link dev.weft.agents.loop.Agent} first, then
 * {@link dev.weft.agents.loop.AgentRun} for what a run hands back and {@link dev.weft.agents.loop.ContextPolicy}
 * for what the loop sends of its transcript; {@link dev.weft.agents.loop.RunSlots} keeps a run in the ledger under
 * its {@link dev.weft.agents.loop.RunId} so another process can resume it. Imports the chat client, the toolbox and context (the ledger, the
 * cancel signal); no Beam, no Lucene. See docs/agents.md, "Agent loop".
 */
package dev.weft.agents.loop;
