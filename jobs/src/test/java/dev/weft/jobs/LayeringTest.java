package dev.weft.jobs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.weft.api.Weft;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph of docs/design.md, held by a test: dependencies point one way (schemas, context ← models,
 * lucene-index ← transforms, agents ← pipelines ← api ← jobs; bench beside jobs, imported by jobs alone), Beam is
 * imported only from {@code ..beam..} packages (and the job mains), the ingest core imports neither Beam nor Lucene,
 * and the CLI reaches the index only through the library facade. Maven already refuses an import of a module that is
 * not a dependency; these rules also catch what Maven allows (a package of transforms using Beam, jobs using the index).
 * Inside jobs they hold its floor plan (docs/design.md, "The jobs module"): an MCP tool never calls a command, and
 * what the front ends share ({@code jobs.view}, {@code jobs.run}, {@code jobs.report}, the options) imports none of
 * them.
 */
class LayeringTest {
  private static final String TESTKIT = "dev.weft.agents.model.stub..";
  private static JavaClasses weft;

  @BeforeAll
  static void importClasses() {
    weft = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        // and the modules' test jars (pipelines' is on this class path), which DO_NOT_INCLUDE_TESTS does not know
        .withImportOption(location -> !location.contains("-tests.jar"))
        .importPackages("dev.weft");
  }

  @Test
  void contextImportsNothingOfWeftAboveItNorBeamNorLucene() {
    check(noClasses().that().resideInAPackage("dev.weft.context..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.models..", "dev.weft.index..",
            "dev.weft.transforms..", "dev.weft.pipelines..", "dev.weft.api..", "dev.weft.jobs..",
            "org.apache.beam..", "org.apache.lucene.."));
  }

  @Test
  void modelsDependOnContextOnly() {
    check(noClasses().that().resideInAPackage("dev.weft.models..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.index..", "dev.weft.transforms..",
            "dev.weft.pipelines..", "dev.weft.api..", "dev.weft.jobs..", "org.apache.beam..", "org.apache.lucene.."));
  }

  @Test
  void agentsNeverImportBeamTheTransformsOrThePipelines() {
    check(noClasses().that().resideInAPackage("dev.weft.agents..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.transforms..", "dev.weft.pipelines..",
            "dev.weft.api..", "dev.weft.jobs..", "dev.weft.bench..", "org.apache.beam.."));
  }

  @Test
  void theGeometryLibrariesLiveInTheGeoToolboxOnly() {
    // JTS and GeographicLib are the geo toolbox's (agents.geo, docs/agents.md "Geo toolbox"); everything else
    // reaches them through GeoTools' JSON tools, so one package decides how GeoJSON becomes geometry
    check(noClasses().that().resideOutsideOfPackage("dev.weft.agents.geo..")
        .should().dependOnClassesThat().resideInAnyPackage("org.locationtech.jts..", "net.sf.geographiclib.."));
  }

  @Test
  void nothingBelowThePipelinesImportsTheAgents() {
    check(noClasses().that().resideInAnyPackage("dev.weft.context..", "dev.weft.models..", "dev.weft.index..",
            "dev.weft.transforms..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.agents.."));
  }

  @Test
  void theIndexLayerImportsNothingAboveIt() {
    check(noClasses().that().resideInAPackage("dev.weft.index..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.models..", "dev.weft.transforms..",
            "dev.weft.pipelines..", "dev.weft.api..", "dev.weft.jobs..", "org.apache.beam.."));
  }

  @Test
  void theIngestCoreImportsNeitherBeamNorLucene() {
    // every package of transforms but transforms.beam: a new core package is held without being listed here
    check(noClasses().that().resideInAPackage("dev.weft.transforms..")
        .and().resideOutsideOfPackage("dev.weft.transforms.beam..")
        .should().dependOnClassesThat().resideInAnyPackage("org.apache.beam..", "org.apache.lucene..",
            "dev.weft.index.."));
  }

  @Test
  void beamLivesInBeamPackagesOnly() {
    // as transforms.beam, pipelines.ingest.beam and pipelines.program.beam: the rest of Weft runs without Beam.
    // The exceptions (docs/design.md): the Flink job mains in jobs.entry, whose options are PipelineOptions
    // interfaces the job's own main parses, and the two callers that still build a program pipeline's options
    // themselves (BeamPrograms in the facade, BeamProgramBench), until the one Runner owns that argv
    check(noClasses().that().resideOutsideOfPackages("..beam..", "dev.weft.jobs.entry..")
        .and().haveNameNotMatching("dev\\.weft\\.api\\.BeamPrograms(\\$.*)?")
        .and().haveNameNotMatching("dev\\.weft\\.bench\\.program\\.BeamProgramBench(\\$.*)?")
        .should().dependOnClassesThat().resideInAPackage("org.apache.beam.."));
  }

  @Test
  void transformsPipelinesAndTheApiNeverImportUpward() {
    check(noClasses().that().resideInAPackage("dev.weft.transforms..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.pipelines..", "dev.weft.api..", "dev.weft.jobs.."));
    check(noClasses().that().resideInAPackage("dev.weft.pipelines..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.api..", "dev.weft.jobs.."));
    check(noClasses().that().resideInAPackage("dev.weft.api..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.jobs.."));
  }

  @Test
  void theCliReachesTheIndexOnlyThroughTheFacade() {
    check(noClasses().that().resideInAPackage("dev.weft.jobs..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.index.."));
  }

  @Test
  void theWarmClientNeedsTheJdkAlone() {
    // it ships in a jar of its own (weft-jobs-*-client.jar) so that its JVM starts in tens of milliseconds
    check(classes().that().resideInAPackage("dev.weft.jobs.warm.client..")
        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.weft.jobs.warm.client.."));
  }

  @Test
  void noProductionModuleImportsTheBenchmarks() {
    // bench sits beside jobs: it measures every module, and only the CLI's thin commands call it
    check(noClasses().that().resideInAnyPackage("dev.weft.context..", "dev.weft.models..", "dev.weft.index..",
            "dev.weft.transforms..", "dev.weft.pipelines..", "dev.weft.api..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.bench.."));
  }

  @Test
  void benchmarkCodeLivesInTheBenchModule() {
    check(classes().that().haveSimpleNameEndingWith("Bench").or().haveSimpleNameEndingWith("Baseline")
        .should().resideInAPackage("dev.weft.bench.."));
  }

  @Test
  void theTestkitReachesProductionCodeThroughTheBenchAlone() {
    // testkit (the stub chat server) is test scope everywhere but bench, which measures program runs against it;
    // it keeps the package it had in agents' tests, so tests importing it compile unchanged
    check(noClasses().that().resideOutsideOfPackages("dev.weft.bench..", TESTKIT)
        .should().dependOnClassesThat().resideInAPackage(TESTKIT));
    check(classes().that().resideInAPackage(TESTKIT)
        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "com.sun.net.httpserver..",
            "com.fasterxml.jackson..", TESTKIT));
  }

  @Test
  void theBenchmarksImportNothingOfTheCli() {
    // the chaos suite runs the real CLI as child processes: it is handed the main class, it does not import it
    check(noClasses().that().resideInAPackage("dev.weft.bench..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.jobs.."));
  }

  @Test
  void theMcpToolsNeverCallIntoTheCommands() {
    // a tool and its command share what they print through jobs.view and what a run does around it through jobs.run,
    // not one through the other; the `weft mcp` command itself (McpCommand) lives in jobs.cli and calls the tools
    check(noClasses().that().resideInAPackage("dev.weft.jobs.mcp..")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.jobs.cli..")
        .because("a command's shapes live in dev.weft.jobs.view, where its MCP tool reads them too"));
  }

  @Test
  void theViewsAndTheRunPiecesImportNoFrontEnd() {
    // what the CLI, the MCP tools and the job mains share sits below all three (docs/design.md, "The jobs module")
    String[] frontEnds = {"dev.weft.jobs.cli..", "dev.weft.jobs.mcp..", "dev.weft.jobs.entry..",
        "dev.weft.jobs.warm..", "picocli.."};
    check(noClasses().that().resideInAPackage("dev.weft.jobs.view..")
        .should().dependOnClassesThat().resideInAnyPackage(frontEnds)
        .orShould().dependOnClassesThat().resideInAPackage("dev.weft.jobs.run.."));
    check(noClasses().that().resideInAnyPackage("dev.weft.jobs.run..", "dev.weft.jobs.report..")
        .should().dependOnClassesThat().resideInAnyPackage(frontEnds));
    check(noClasses().that().resideInAPackage("dev.weft.jobs.report..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.jobs.view..", "dev.weft.jobs.run.."));
  }

  @Test
  void theOptionsImportNoCommand() {
    // a mixin is shared by commands; a command is what reads it
    check(noClasses().that().resideInAPackage("dev.weft.jobs.cli.options..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.jobs.cli", "dev.weft.jobs.mcp..",
            "dev.weft.jobs.entry..", "dev.weft.jobs.warm.."));
  }

  @Test
  void aCommandOpensTheFacadeThroughWefts() {
    // docs/design.md, "Opening the facade in jobs": a command reads warm inside the warm server with no change of its
    // own; only what holds its Weft for its whole life (weft mcp, index --watch) opens its own
    check(noClasses().that().resideInAPackage("dev.weft.jobs.cli..")
        .and().haveNameNotMatching("dev\\.weft\\.jobs\\.cli\\.(Wefts|McpCommand|IndexWatchRun)(\\$.*)?")
        .should().callMethod(Weft.class, "open", Path.class));
  }

  @Test
  void theCommandsReachTheWarmServerFromServeAlone() {
    check(noClasses().that().resideInAPackage("dev.weft.jobs.cli..")
        .and().haveNameNotMatching("dev\\.weft\\.jobs\\.cli\\.ServeCommand(\\$.*)?")
        .should().dependOnClassesThat().resideInAPackage("dev.weft.jobs.warm.."));
  }

  @Test
  void theJobMainsImportNoCommandAndNoTool() {
    check(noClasses().that().resideInAPackage("dev.weft.jobs.entry..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.weft.jobs.cli..", "dev.weft.jobs.mcp..",
            "dev.weft.jobs.warm..", "picocli.."));
  }

  private static void check(ArchRule rule) {
    rule.check(weft);
  }
}
