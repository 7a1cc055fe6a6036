/**
 * The {@code weft} launcher's JVM client of the warm server, and the protocol both ends share:
 * {@link dev.weft.jobs.warm.client.WarmClient} sends a call to the server of its key and relays stdout, stderr and the
 * exit code, or exits {@code COLD} so the launcher runs the call in its own JVM. {@code Wire} is the protocol (one
 * request, then frames), {@code ServerKey} which server may answer, {@code WarmPolicy} which calls run warm,
 * {@code RunDir} where sockets, locks and logs live (mode 0700). Every wait has a deadline ({@code FrameChannel}).
 *
 * <p>Read {@link dev.weft.jobs.warm.client.WarmClient} first, then {@code Wire}.
 *
 * <p>May import: the JDK alone ({@code java..}) and this package. It ships as a jar of its own ({@code
 * weft-jobs-*-client.jar}) so that its JVM starts in tens of milliseconds; {@code LayeringTest} fails on any other
 * import. The native client the launcher prefers speaks the same {@code Wire}: change both together.
 */
package dev.weft.jobs.warm.client;
