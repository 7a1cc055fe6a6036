/**
 * The scripted OpenAI-compatible chat model every test (and {@code weft bench program}) talks to instead of a real
 * one: a real HTTP server on a loopback port whose replies are scripted one by one — a JSON answer, a delay, a
 * fault (a status, a dropped connection, a malformed body), a stream — and which records every request it got.
 *
 * <p>Read {@link dev.weft.agents.model.stub.StubChatServer} first.
 *
 * <p>Module {@code testkit}: test scope in every production module, compile scope in {@code bench} alone (the
 * program benchmark runs against it), so no test class ships in the fat jar. May import: the JDK and Jackson only —
 * no Weft module, so any module's tests can use it.
 */
package dev.weft.agents.model.stub;
