package dev.weft.jobs.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a command that may write (an index generation, the ledger, the memory): the one home of "which commands
 * write". The warm server reads it ({@link WriteCommands}) to tell its client that a call, once let run, must never
 * be run a second time cold (docs/cli.md, "Warm server").
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Writes {
  /** For a command whose first positional picks the action (ledger memory add|get|...): the actions that write. */
  String[] actions() default {};

  /** The command that shows whether a call whose outcome is unknown was applied, as the user types it. */
  String check();
}
