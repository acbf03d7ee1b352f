package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.cli.MailbenchMain;
import mailbench.it.support.MavenCommand;
import mailbench.it.support.TargetFacade;
import mailbench.json.Json;
import mailbench.knobs.Knobs;

/**
 * Alternated pairs as a user runs them: one pair of real, short {@code mvn gatling:test} runs, one
 * per variant, then the comparison. Thresholds are opened wide: one short run a side on a shared
 * 2-core host differs by chance; what is checked is that each side ran with its own properties.
 */
class PairsIT {

    private static final Path WORK = Path.of("target", "pairs-it").toAbsolutePath();

    @Test
    void badOptionsShouldBeAToolErrorBeforeAnythingRuns() {
        assertThat(MailbenchMain.run("pairs", "--pairs", "0", "--out", WORK.resolve("zero").toString())).isEqualTo(2);
        assertThat(MailbenchMain.run("pairs", "--base-project-dir", WORK.resolve("no-checkout").toString(),
            "--out", WORK.resolve("no-checkout-out").toString())).isEqualTo(2);
        assertThat(WORK.resolve("zero")).doesNotExist();
        assertThat(WORK.resolve("no-checkout-out")).doesNotExist();
    }

    @Test
    void shouldRunEachSideWithItsOwnPropertiesAndCompareThem() throws Exception {
        Path out = WORK.resolve("pairs");
        // the runs drive one facade started here (a target: no stack per run, so the test stays short); against a
        // target the variant is the run's label, which is what shows that each side got its own properties
        try (TargetFacade facade = TargetFacade.start("pairs")) {
            URI target = facade.url();
            List<String> args = new ArrayList<>(List.of("pairs", "--pairs", "1", "--out", out.toString(),
                "--maven", MavenCommand.path(),
                "--base", "mailbench.variant=default", "--current", "mailbench.variant=mapper-per-request",
                "-Dmailbench.target=" + target, "-Dmailbench.profiler=false",
                // Gatling's JVMs on C1 as in the suite's other runs (the pom's profile gatling-c1): the sides' labels are checked, not speed
                "-D" + Knobs.GATLING_JIT.name() + "=c1",
                "-Dmailbench.rate=100", "-Dmailbench.warmup=5", "-Dmailbench.duration=10",
                "-Dmailbench.corpus.messages=5000", "-Dmailbench.corpus.users=100", "-Dmailbench.assert.p99Ms=600000",
                "--max-cpu-increase", "100000", "--max-p99-increase", "100000", "--max-ko-increase", "100", "--max-rps-decrease", "100"));

            assertThat(MailbenchMain.run(args.toArray(String[]::new))).as("see target/pairs-it/pairs/*/logs").isZero();
        }

        Path folder;
        try (Stream<Path> folders = Files.list(out)) {
            folder = folders.max(Path::compareTo).orElseThrow();
        }
        assertThat(variantsIn(folder.resolve("base"))).containsExactly("default");
        assertThat(variantsIn(folder.resolve("current"))).containsExactly("mapper-per-request");
        assertThat(folder.resolve("logs").resolve("pair-1-base.log")).exists();
        JsonNode comparison = Json.MAPPER.readTree(folder.resolve("comparison").resolve("comparison.json").toFile());
        assertThat(comparison.get("verdict").asText()).isEqualTo("no regression");
    }

    private static List<String> variantsIn(Path side) throws Exception {
        List<String> variants = new ArrayList<>();
        try (Stream<Path> runs = Files.list(side)) {
            for (Path run : runs.filter(dir -> Files.exists(dir.resolve("run.json"))).toList()) {
                variants.add(Json.MAPPER.readTree(run.resolve("run.json").toFile()).get("variant").asText());
            }
        }
        return variants;
    }
}
