/**
 * The chat model client: {@link dev.weft.agents.model.ChatClient}, an OpenAI-compatible chat completions client (tools,
 * streaming, a reply schema checked locally, token usage) over the same HTTP code the embedders use, and
 * {@code ChatSubcall}, which answers a program's {@code map} sub-call with it. Requests and replies are plain records
 * ({@code ChatRequest}, {@code ChatMessage}, {@code ChatReply}); the wire format is {@code ChatWire} alone.
 *
 * <p>Read {@link dev.weft.agents.model.ChatClient} first, then docs/models.md. The stub chat server the tests run against is
 * in the {@code testkit} module (package {@code dev.weft.agents.model.stub}).
 *
 * <p>May import: the JDK, Jackson, networknt json-schema-validator (the reply check; built on Jackson 3, so schemas and
 * replies cross as text), {@code models.http}, {@code context.program} and {@code context.error}. Must not import Beam,
 * Lucene, {@code transforms} or {@code pipelines}, nor open an HTTP client of its own: retries, deadlines and key
 * scrubbing are {@code JsonHttp}'s.
 */
package dev.weft.agents.model;
