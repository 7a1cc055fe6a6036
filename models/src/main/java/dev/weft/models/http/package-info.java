/**
 * JSON over HTTP as every Weft model client does it, the embedder and the chat client alike: one deadline per whole
 * attempt (body and stream included), retries of 429, 5xx, timeouts and cut streams with the server's
 * {@code Retry-After} or exponential {@code Backoff}, cancellation, server-sent-event streaming, and an {@code ApiKey}
 * read from the environment variable a spec names and scrubbed out of every message. Configuration is one validated
 * {@code EndpointConfig}. It lives in {@code models} so that {@code agents}' chat client reuses it without a second
 * HTTP stack (docs/models.md).
 *
 * <p>Read {@link dev.weft.models.http.JsonHttp} first.
 *
 * <p>May import: the JDK ({@code java.net.http}), Jackson and {@code context.program} (the cancellation a subcall
 * carries). Must not import an embedder or chat package: clients depend on this package, not the reverse. A key never
 * enters a message, a log line or a {@code toString()}.
 */
package dev.weft.models.http;
