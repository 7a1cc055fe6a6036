package dev.weft.agents.author;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.weft.agents.program.CanonicalJson;
import dev.weft.agents.program.RunResult;
import dev.weft.context.ledger.Ledger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Programs kept for reuse as skills of a {@link Ledger}: a checked program is the skill {@code
 * program/FINGERPRINT/QUESTION} (its {@code when} the question, its instructions the program), tagged {@value #TAG}; a reuse the host's check
 * refused is a memory (its evidence the refused answer's start) tagged with the question's fingerprint and the
 * skill's address, so that program is not offered for that question again.
 *
 * <p>Similarity is the Jaccard index of the two questions' word sets (lower-cased letters and digits): a cheap,
 * explainable gate, not a judgement — which is why a paraphrase also needs the host's {@code accept}.
 */
public final class ProgramLibrary {
  /** The tag of every program skill and every failure memory. */
  public static final String TAG = "weft-program";
  /** The default similarity a stored question needs to be offered. */
  public static final double DEFAULT_THRESHOLD = 0.6;
  /** Candidates offered for one question, best first. */
  public static final int MAX_CANDIDATES = 3;
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");
  private static final int EVIDENCE_CHARS = 300;

  private final Ledger ledger;
  private final double threshold;

  /** @param threshold the similarity a stored question needs to be offered, above 0 and at most 1 */
  public ProgramLibrary(Ledger ledger, double threshold) {
    this.ledger = Objects.requireNonNull(ledger, "ledger");
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("the reuse threshold must be above 0 and at most 1, got: " + threshold);
    }
    this.threshold = threshold;
  }

  /** The stored programs whose questions are at least the threshold alike, best first, at most three. */
  public List<ProgramCandidate> candidates(String question) {
    Set<String> words = words(question);
    String fingerprint = fingerprint(question);
    Set<String> failed = new HashSet<>();
    for (JsonNode memory : ledger.memories()) {
      if (tags(memory).contains(TAG)) {
        tags(memory).stream().filter(t -> t.startsWith("failed:" + fingerprint + ":"))
            .forEach(t -> failed.add(t.substring(("failed:" + fingerprint + ":").length())));
      }
    }
    List<ProgramCandidate> found = new ArrayList<>();
    for (JsonNode skill : ledger.skills()) {
      String address = skill.path("id").asText();
      if (!tags(skill).contains(TAG) || failed.contains(address)) {
        continue;
      }
      String stored = skill.path("when").asText();
      double similarity = jaccard(words, words(stored));
      if (similarity >= threshold) {
        found.add(new ProgramCandidate(address, stored, skill.path("instructions").asText(), similarity,
            fingerprint(stored).equals(fingerprint)));
      }
    }
    found.sort(Comparator.comparingDouble(ProgramCandidate::similarity).reversed()
        .thenComparing(ProgramCandidate::address));
    return List.copyOf(found.subList(0, Math.min(found.size(), MAX_CANDIDATES)));
  }

  /** Records a checked program for {@code question}; answers the skill's address. */
  public String record(String question, AuthoredProgram program) {
    // one skill per (program, question wording): a paraphrase checked later adds a skill, never rewrites another's
    return ledger.putSkill("program/" + program.fingerprint() + "/" + fingerprint(question).substring(0, 16),
        question, program.text(),
        Set.of(TAG, "fingerprint:" + program.fingerprint())).id();
  }

  /** Records that {@code candidate} answered {@code question} wrongly, with the refused answer's start as evidence. */
  public String recordFailure(String question, ProgramCandidate candidate, RunResult result) {
    String answer = result.answerPreview();
    String evidence = "the host's check refused its answer: "
        + (answer.length() > EVIDENCE_CHARS ? answer.substring(0, EVIDENCE_CHARS) + "…" : answer);
    return ledger.addMemory("the stored program " + candidate.address() + " answered wrongly: " + question,
        Set.of(TAG, "failed:" + fingerprint(question) + ":" + candidate.address()), TextNode.valueOf(evidence))
        .id();
  }

  /** The question's fingerprint: sha-256 of its words, lower-cased and joined by single spaces. */
  public static String fingerprint(String question) {
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(question.toLowerCase(Locale.ROOT));
    while (m.find()) {
      words.add(m.group());
    }
    return CanonicalJson.fingerprint(TextNode.valueOf(String.join(" ", words)));
  }

  static double jaccard(Set<String> a, Set<String> b) {
    if (a.isEmpty() && b.isEmpty()) {
      return 1;
    }
    Set<String> both = new HashSet<>(a);
    both.retainAll(b);
    Set<String> either = new HashSet<>(a);
    either.addAll(b);
    return (double) both.size() / either.size();
  }

  private static Set<String> words(String text) {
    Set<String> words = new HashSet<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      words.add(m.group());
    }
    return words;
  }

  private static Set<String> tags(JsonNode record) {
    Set<String> tags = new HashSet<>();
    record.path("tags").forEach(t -> tags.add(t.asText()));
    return tags;
  }
}
