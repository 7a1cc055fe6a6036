/**
 * The agent side of Weft: the OpenAI-compatible chat client, the program compiler and the in-process program
 * runner. Depends on context, models (the shared HTTP, retry and config code) and schemas; never on Beam, the
 * transforms or the pipelines (LayeringTest holds it), so an agent embeds it without a Beam runtime.
 */
package dev.weft.agents;
