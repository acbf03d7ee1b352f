package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.stack.AppClasspath;

/** What an operator sees from {@code mailbench.jar}: help without warnings, unknown commands refused, the build's revision. */
class MailbenchMainTest {

    /** One in-process run: exit code, what the command printed, and what reached System.err (picocli's own warnings go there). */
    record Outcome(int exit, String out, String err, String console) {
    }

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintStream console = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int exit = MailbenchMain.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
            return new Outcome(exit, out.toString(), err.toString(), captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(console);
        }
    }

    @Test
    void aCommandThatCannotDoWhatItWasAskedShouldExit2WithItsMessageAlone(@org.junit.jupiter.api.io.TempDir java.nio.file.Path empty) {
        Outcome outcome = run("test-times", "--reports", empty.toString());

        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.err()).startsWith("error: no TEST-*.xml reports in").doesNotContain("ToolError").doesNotContain("\tat ");
    }

    @Nested
    class Help {

        @ParameterizedTest
        @ValueSource(strings = {"pairs", "compare", "nightly"})
        void thresholdOptionsShouldPrintTheirPercentSignWithoutAWarning(String command) {
            Outcome outcome = run(command, "--help");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.console() + outcome.err()).doesNotContain("picocli WARN").doesNotContain("Could not format");
            // picocli wraps long descriptions: compare with single spaces
            assertThat(outcome.out().replaceAll("\\s+", " ")).contains("Allowed increase of CPU ms per request, % (default: 10; nightly: 3)")
                .contains("Allowed decrease of throughput, % (default: 5)").contains("points of % (default: 1)");
        }

        @Test
        void anUnknownCommandFollowedByHelpShouldBeRefusedWithTheListOfCommands() {
            Outcome outcome = run("chart", "--help");

            assertThat(outcome.exit()).isEqualTo(2);
            assertThat(outcome.err()).contains("unknown command 'chart'").contains("pairs").contains("compare").contains("nightly");
            assertThat(outcome.out()).as("no usage that looks like success").isEmpty();
        }

        @Test
        void anUnknownCommandAloneShouldStillExit2() {
            assertThat(run("chart").exit()).isEqualTo(2);
        }

        @Test
        void trendsHelpShouldNameItsOptionsAndExit0() {
            Outcome outcome = run("trend", "--help");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.out()).contains("--history").contains("reports/history").contains("--out").contains("reports/trend.html");
        }

        @Test
        void aKnownCommandsHelpShouldStillExit0() {
            Outcome outcome = run("--help");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.out()).contains("Usage: mailbench");
        }

        @Test
        void everyCommandsSummaryShouldEndAsASentence() {
            String list = run("--help").out();
            String commands = list.substring(list.indexOf("Commands:"));
            // a summary is the lines of one command up to the next: cut mid-sentence it ends on a comma, colon or bare word
            for (String summary : commands.split("\\n(?=  \\S)")) {
                if (!summary.startsWith("Commands:") && !summary.strip().startsWith("help")) {
                    assertThat(summary.strip()).as("the summary of %s", summary.strip().split("\\s+")[0]).endsWith(".");
                }
            }
        }
    }

    /**
     * As an operator runs it, in a JVM of its own: picocli writes its warnings to the System.err it saw when its class
     * was loaded, so a run inside this JVM cannot be trusted to catch them.
     */
    @Nested
    class OwnJvm {

        private Outcome runInOwnJvm(String... args) throws Exception {
            Path out = Files.createTempFile("mailbench-help", ".out");
            Path err = Files.createTempFile("mailbench-help", ".err");
            try {
                List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
                    String.join(File.pathSeparator, AppClasspath.runtime().stream().map(Path::toString).toList()),
                    MailbenchMain.class.getName()));
                command.addAll(List.of(args));
                Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!process.waitFor(2, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new AssertionError("mailbench " + String.join(" ", args) + " did not end in 2 minutes");
                }
                return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err), "");
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        }

        @Test
        void pairsHelpShouldPrintNoPicocliWarning() throws Exception {
            Outcome outcome = runInOwnJvm("pairs", "--help");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.err() + outcome.out()).doesNotContain("picocli WARN").doesNotContain("Could not format");
            assertThat(outcome.out()).contains("Usage: mailbench pairs").contains("--max-cpu-increase");
        }

        @Test
        void trendHelpShouldPrintTrendsUsage() throws Exception {
            Outcome outcome = runInOwnJvm("trend", "--help");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.err()).isEmpty();
            assertThat(outcome.out()).startsWith("Draw the nightly history").contains("Usage: mailbench trend").contains("--history").contains("--out");
        }
    }

    @Nested
    class Version {

        @Test
        void versionShouldNameTheBuildsGitRevision() {
            Outcome outcome = run("--version");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.out().strip()).matches("mailbench \\S+ \\((revision [0-9a-f]{12}(-dirty)?|unknown revision)\\)");
            if (Files.exists(Path.of(".git"))) {
                // built from a git checkout (as here): the revision is known
                assertThat(outcome.out()).containsPattern("revision [0-9a-f]{12}");
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"pairs", "compare", "facade"})
        void aSubcommandsVersionShouldBeTheSameLine(String command) {
            Outcome outcome = run(command, "--version");

            assertThat(outcome.exit()).isZero();
            assertThat(outcome.out()).isEqualTo(run("--version").out());
        }
    }
}
