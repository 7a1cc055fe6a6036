/**
 * The one home of jq evaluation ({@link dev.weft.context.jq.BoundedJq}): every query a user, a program or a model
 * wrote runs under a deadline, a value count, a value-size bound and a depth bound, and is cancellable.
 */
package dev.weft.context.jq;
