package dev.weft.jobs.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.members;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Option;

/**
 * {@code --json}, {@code --quiet} and {@code --report} are declared once, by their mixins in
 * {@code jobs.cli.options} (docs/design.md, "The jobs module"): a command takes them with {@code @Mixin} and says
 * what its own flag prints in {@code OptionHelp.properties}, never with an {@code @Option} of its own.
 */
class SharedOptionMixinTest {
  private static final Set<String> SHARED = Set.of("--json", "--quiet", "--report");
  private static final String OPTIONS = "dev.weft.jobs.cli.options";

  private static final ArchRule DECLARED_BY_THE_MIXINS_ONLY = members()
      .that().areAnnotatedWith(Option.class)
      .and().areDeclaredInClassesThat().resideOutsideOfPackage(OPTIONS)
      .should(notNameASharedOption())
      .allowEmptyShould(false);

  @Test
  void noClassOfJobsDeclaresJsonQuietOrReportItself() {
    JavaClasses jobs = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.weft.jobs");

    DECLARED_BY_THE_MIXINS_ONLY.check(jobs);
  }

  @Test
  void theRuleRefusesACommandThatDeclaresOneItself() {
    JavaClasses command = new ClassFileImporter().importClasses(OwnJsonCommand.class);

    assertThat(DECLARED_BY_THE_MIXINS_ONLY.evaluate(command).hasViolation()).isTrue();
    assertThat(DECLARED_BY_THE_MIXINS_ONLY.evaluate(command).getFailureReport().getDetails())
        .singleElement().asString().contains("OwnJsonCommand.json").contains("--json");
  }

  private static ArchCondition<JavaMember> notNameASharedOption() {
    return new ArchCondition<>("not name " + SHARED + " (they come from the mixins of " + OPTIONS + ")") {
      @Override
      public void check(JavaMember member, ConditionEvents events) {
        String[] names = member.getAnnotationOfType(Option.class).names();
        boolean shared = Arrays.stream(names).anyMatch(SHARED::contains);
        events.add(new SimpleConditionEvent(member, !shared,
            member.getFullName() + " declares " + String.join(",", names) + "; take the mixin of " + OPTIONS));
      }
    };
  }

  /** A command as it was before the mixins: the rule must refuse it. */
  static final class OwnJsonCommand {
    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(names = "--out", description = "Where.")
    Path out;
  }
}
