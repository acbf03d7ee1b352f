package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.bisect.MadeUpCommits;
import mailbench.json.Json;

/**
 * {@code nightly --bisect} as an operator runs it, on a temporary repository of five commits whose fourth made the facade
 * spend 20% more CPU a request ({@link MadeUpCommits}, tonight's checkout as slow): the night finds the regression, the
 * bisection names the commit, and both the verdict line and night.json say so. Interleaved runs, a node per run: a duet
 * needs a real node.
 */
class NightlyBisectTest {

    private static final int CULPRIT = 3;

    @TempDir
    Path dir;

    @Test
    void aRegressionNightShouldNameItsCulpritInItsVerdictAndItsRecord() throws Exception {
        Path checkout = dir.resolve("checkout");
        List<String> commits = MadeUpCommits.repository(checkout, 4);
        List<String> checkouts = new ArrayList<>(commits);
        checkouts.add(checkout.getFileName().toString());
        String maven = MadeUpCommits.maven(dir, checkouts, CULPRIT, 40, 14);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = MailbenchMain.run("nightly", "--bisect", "--baseline-commit", commits.get(0), "--design", "interleaved", "--node",
                "per-run", "--min-pairs", "5", "--max-pairs", "5", "--project-dir", checkout.toString(), "--maven", maven, "--builds",
                dir.resolve("builds").toString(), "--out", dir.resolve("nightly").toString(), "--history", dir.resolve("history").toString());
        } finally {
            System.setOut(console);
        }

        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isEqualTo(3);
        assertThat(out).contains("[bisect] step 1/3: testing " + commits.get(2).substring(0, 7))
            .contains("[nightly] verdict: REGRESSION; culprit " + commits.get(CULPRIT) + " (confirmed against its parent "
                + commits.get(CULPRIT - 1) + ")");
        try (var nights = Files.list(dir.resolve("nightly"))) {
            Path night = nights.findFirst().orElseThrow();
            JsonNode bisect = Json.MAPPER.readTree(night.resolve("night.json").toFile()).path("bisect");
            assertThat(bisect.path("verdict").asText()).isEqualTo("confirmed");
            assertThat(bisect.path("culprit").asText()).isEqualTo(commits.get(CULPRIT));
            assertThat(night.resolve("bisect").resolve("bisect.json")).isRegularFile();
        }
        try (var history = Files.list(dir.resolve("history"))) {
            assertThat(Json.MAPPER.readTree(history.findFirst().orElseThrow().toFile()).path("bisect").path("culprit").asText())
                .isEqualTo(commits.get(CULPRIT));
        }
    }
}
