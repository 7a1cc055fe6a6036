package dev.weft.agents.compact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.agents.model.ChatMessage;
import dev.weft.agents.model.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Whatever the transcript and the budget: the request is a legal conversation, keeps the pins, drops the oldest
 * whole rounds behind a synopsis that names each of them, keeps the largest tail that fits, and never touches the
 * transcript.
 */
class CompactionPropertyTest {

  @Property(tries = 300)
  void aBudgetedRequestIsLegalKeepsThePinsAndNamesEveryDroppedRound(
      @ForAll("transcripts") List<ChatMessage> transcript, @ForAll @IntRange(min = 1, max = 8_000) int budget,
      @ForAll boolean archived) {
    List<ChatMessage> before = List.copyOf(transcript);
    Optional<IntFunction<String>> slotOf = archived ? Optional.of(n -> "agent/p/round/" + n) : Optional.empty();

    Compaction plan = Compaction.plan(transcript, budget, slotOf);
    List<ChatMessage> request = plan.request();

    assertThat(transcript).isEqualTo(before);
    assertThat(Legality.violation(request)).isNull();
    Rounds rounds = Rounds.of(transcript);
    assertThat(request.subList(0, rounds.pins().size())).isEqualTo(rounds.pins());
    assertThat(plan.requestChars()).isEqualTo(Rounds.chars(request));
    if (plan.dropped() == 0) {
      assertThat(request).isEqualTo(transcript);
      return;
    }
    List<Round> all = rounds.rounds();
    List<ChatMessage> tail = new ArrayList<>();
    all.subList(plan.dropped(), all.size()).forEach(round -> tail.addAll(round.messages()));
    assertThat(request.subList(rounds.pins().size() + 1, request.size())).isEqualTo(tail);
    assertThat(request.subList(request.size() - tail.size(), request.size()))
        .isEqualTo(transcript.subList(transcript.size() - tail.size(), transcript.size()));
    String synopsis = request.get(rounds.pins().size()).content();
    assertNamesEveryRound(synopsis, plan.dropped(), slotOf);
    assertThat(synopsis.length()).isLessThanOrEqualTo(Synopsis.allowance(budget));
    if (!plan.overBudget()) {
      assertThat(plan.requestChars()).isLessThanOrEqualTo(budget);
    } else {
      assertThat(plan.dropped()).isEqualTo(all.size() - 1);
    }
    if (plan.dropped() > 1) {
      // one round fewer dropped would not have fitted: the tail is the largest that fits
      String smaller = Synopsis.of(all.subList(0, plan.dropped() - 1), budget, slotOf);
      long size = rounds.pinChars() + smaller.length() + Rounds.chars(all.subList(plan.dropped() - 1, all.size())
          .stream().flatMap(round -> round.messages().stream()).toList());
      assertThat(size).isGreaterThan(budget);
    }
  }

  @Property(tries = 200)
  void aTranscriptWindowIsLegalAndCarriesTheLastRounds(@ForAll("transcripts") List<ChatMessage> transcript,
      @ForAll @IntRange(min = 1, max = 6) int window) {
    TranscriptWindow policy = new TranscriptWindow(
        new dev.weft.context.env.SlotEnvironment(new dev.weft.context.store.InMemoryStore()), "t", window);
    List<ChatMessage> request = policy.fit(transcript);

    assertThat(Legality.violation(request)).isNull();
    Rounds rounds = Rounds.of(transcript);
    assertThat(request.subList(0, rounds.pins().size())).isEqualTo(rounds.pins());
    if (rounds.rounds().size() <= window) {
      assertThat(request).isEqualTo(transcript);
    } else {
      List<Round> kept = rounds.rounds().subList(rounds.rounds().size() - window, rounds.rounds().size());
      assertThat(request).hasSize(rounds.pins().size() + 1 + kept.stream().mapToInt(r -> r.messages().size()).sum());
      assertThat(request.get(rounds.pins().size()).content()).contains("'t'", EnvTools.GREP, EnvTools.READ);
    }
  }

  /** Round n is named by its own line or inside the range line of rounds listed by range only. */
  private static void assertNamesEveryRound(String synopsis, int dropped, Optional<IntFunction<String>> slotOf) {
    assertThat(synopsis).startsWith("[Compacted: rounds " + (dropped == 1 ? "1" : "1-" + dropped) + " ");
    int rangeEnd = 0;
    java.util.regex.Matcher range = java.util.regex.Pattern.compile("\nrounds 1(?:-([0-9]+))?: named by range")
        .matcher(synopsis);
    if (range.find()) {
      rangeEnd = range.group(1) == null ? 1 : Integer.parseInt(range.group(1));
    }
    for (int n = rangeEnd + 1; n <= dropped; n++) {
      assertThat(synopsis).contains("\nround " + n + ": ");
      if (slotOf.isPresent()) {
        assertThat(synopsis).contains(slotOf.get().apply(n));
      }
    }
  }

  @Provide
  Arbitrary<List<ChatMessage>> transcripts() {
    Arbitrary<List<ChatMessage>> unit = Arbitraries.integers().between(0, 5).flatMap(kind -> switch (kind) {
      case 0 -> text().map(t -> List.of(ChatMessage.assistant(t)));
      case 1 -> text().map(t -> List.of(ChatMessage.user(t)));
      default -> Arbitraries.integers().between(1, 4).flatMap(calls -> text().list().ofSize(calls * 2)
          .map(texts -> toolRound(texts, calls)));
    });
    return Arbitraries.integers().between(0, 3).flatMap(lead -> unit.list().ofMaxSize(30).flatMap(units ->
        text().map(first -> {
          List<ChatMessage> out = new ArrayList<>();
          if (lead != 1) {
            out.add(ChatMessage.system("system " + first));
          }
          if (lead == 3) {
            out.add(ChatMessage.assistant("greeting"));
          }
          if (lead != 2) {
            out.add(ChatMessage.user(first));
          }
          units.forEach(out::addAll);
          return fixIds(out);
        })));
  }

  private static Arbitrary<String> text() {
    return Arbitraries.strings().withChars("abc xyz{}\":,0123456789\n").ofMaxLength(700);
  }

  private static List<ChatMessage> toolRound(List<String> texts, int calls) {
    List<ToolCall> made = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      made.add(new ToolCall("?" + i, "tool" + (i % 3), texts.get(i)));
    }
    List<ChatMessage> out = new ArrayList<>();
    out.add(ChatMessage.assistant("", made));
    for (int i = 0; i < calls; i++) {
      out.add(ChatMessage.tool("?" + i, texts.get(calls + i)));
    }
    return out;
  }

  /** Makes call ids unique across the transcript, as a provider's are. */
  private static List<ChatMessage> fixIds(List<ChatMessage> messages) {
    List<ChatMessage> out = new ArrayList<>();
    int round = 0;
    for (ChatMessage m : messages) {
      if (!m.toolCalls().isEmpty()) {
        round++;
        int r = round;
        out.add(ChatMessage.assistant(m.content(), m.toolCalls().stream()
            .map(c -> new ToolCall("call_" + r + c.id(), c.name(), c.arguments())).toList()));
      } else if (m.toolCallId().isPresent()) {
        out.add(ChatMessage.tool("call_" + round + m.toolCallId().get(), m.content()));
      } else {
        out.add(m);
      }
    }
    return out;
  }
}
