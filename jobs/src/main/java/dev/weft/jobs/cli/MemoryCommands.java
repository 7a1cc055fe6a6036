package dev.weft.jobs.cli;

import java.util.Map;
import java.util.function.Supplier;

/** The memory write path's commands (docs/cli.md): remember, forget and memory get|list|count|review|promotions. */
final class MemoryCommands {
  private MemoryCommands() {}

  static void register(Map<String, Supplier<Object>> commands) {
    commands.put("remember", RememberCommand::new);
    commands.put("forget", ForgetCommand::new);
    commands.put("memory", MemoryCommand::new);
  }
}
