/**
 * The scripted OpenAI-compatible chat model every test (and {@code weft bench program}) talks to instead of a real
 * one: a real HTTP server on a loopback port whose replies are scripted request by request — text or tool calls,
 * with or without usage — with a latency and faults on chosen calls (a status, a 429 with Retry-After, a stall, a
 * hang), and which records every request and how many are in flight.
 *
 * <p>Read {@link dev.weft.agents.model.stub.StubChatServer} first.
 *
 * <p>Module {@code testkit}: test scope in every production module, compile scope in {@code bench} alone (the
 * program benchmark runs against it), so no test class ships in the fat jar. May import: the JDK and Jackson only —
 * no Weft module, so any module's tests can use it.
 */
package dev.weft.agents.model.stub;
