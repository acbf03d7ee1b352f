package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;

/** GatlingRunner against fake Mavens (shell scripts) that do or do not leave a run folder in the reports folder they are given. */
class GatlingRunnerTest {

    /** The reports folder the runner passes, as the simulation reads it. */
    private static final String REPORTS_DIR = """
        for arg in "$@"; do case "$arg" in -Dmailbench.reportsDir=*) dir="${arg#-Dmailbench.reportsDir=}";; esac; done
        """;
    private static final String RUN_FOLDER = """
        run="$dir/20261123-150000-SearchSimulation-default-$$"
        mkdir -p "$run"
        echo "[mailbench] run folder: $run"
        printf '{"variant":"default","status":"completed"}' > "$run/run.json"
        """;
    private static final String SUMMARY = """
        printf '{"measured":{"requests":60000,"ko":0,"rps":1000,"p50Ms":2,"p95Ms":5,"p99Ms":9}}' > "$run/summary.json"
        """;

    @TempDir
    Path tmp;
    private Path project;
    private Path side;
    private final List<String> progress = new CopyOnWriteArrayList<>();

    @BeforeEach
    void checkout() throws Exception {
        project = Files.createDirectories(tmp.resolve("checkout"));
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        side = tmp.resolve("night").resolve("runs");
    }

    private String maven(String name, String body) throws Exception {
        Path script = tmp.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + REPORTS_DIR + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script.toString();
    }

    private Path run(String maven, String log) throws Exception {
        return new GatlingRunner(maven, project, Map.of()).run(side, tmp.resolve("night").resolve("logs").resolve(log), progress::add);
    }

    private List<Path> childrenOf(Path dir) throws Exception {
        try (Stream<Path> children = Files.list(dir)) {
            return children.toList();
        }
    }

    @Test
    void shouldNeverCountThePreviousRunWhenMavenFailsBeforeTheSimulation() throws Exception {
        Path first = run(maven("good", RUN_FOLDER + SUMMARY + "exit 0\n"), "run-1.log");
        Path failingLog = tmp.resolve("night").resolve("logs").resolve("run-2.log");

        assertThatThrownBy(() -> run(maven("broken", "echo '[ERROR] COMPILATION ERROR'\nexit 1\n"), "run-2.log"))
            .isInstanceOf(ToolError.class)
            .hasMessageContaining("Maven exited with code 1 before the simulation made a run folder")
            .hasMessageContaining(failingLog.toString());

        assertThat(first.getParent()).isEqualTo(side.toAbsolutePath());
        assertThat(childrenOf(side)).as("only the good run's folder, no staging left").containsExactly(first);
        assertThat(RunResult.loadSeries(side)).hasSize(1);
        assertThat(Files.readString(failingLog)).contains("COMPILATION ERROR");
    }

    @Test
    void theRunShouldBuildOnlyWhatItRuns() throws Exception {
        // gatling:test runs the build up to test-compile first; a night's checkout must not compile its Java tests there
        Path run = run(maven("records-args", RUN_FOLDER + SUMMARY + "echo \"$@\" > \"$run/maven-args\"\nexit 0\n"), "pair-1-base.log");
        assertThat(Files.readString(run.resolve("maven-args"))).startsWith("-B -ntp gatling:test -DsimulationsOnly=true ");
    }

    @Test
    void shouldCountARunWhoseAssertionsFailedAndKeepTheSideAFolderOfRunFolders() throws Exception {
        Path first = run(maven("good", RUN_FOLDER + SUMMARY + "exit 0\n"), "pair-1-base.log");
        Path second = run(maven("assertions-failed", RUN_FOLDER + SUMMARY + "exit 1\n"), "pair-2-base.log");

        assertThat(second).isNotEqualTo(first);
        assertThat(childrenOf(side)).containsExactlyInAnyOrder(first, second);
        assertThat(RunResult.loadSeries(side)).hasSize(2);
    }

    @Test
    void shouldRefuseARunFolderWithoutSummaryAndKeepItOutOfTheSide() throws Exception {
        run(maven("good", RUN_FOLDER + SUMMARY + "exit 0\n"), "run-1.log");

        assertThatThrownBy(() -> run(maven("unfinished", RUN_FOLDER + "exit 1\n"), "run-2.log")).isInstanceOf(ToolError.class)
            .hasMessageContaining("no summary.json").hasMessageContaining("run-2.log");
        assertThat(RunResult.loadSeries(side)).as("the unfinished run does not break the side").hasSize(1);
    }

    @Test
    void shouldKeepOtherExitCodesToolErrorsEvenWithARunFolder() throws Exception {
        assertThatThrownBy(() -> run(maven("killed", RUN_FOLDER + SUMMARY + "exit 137\n"), "run-1.log")).isInstanceOf(ToolError.class)
            .hasMessageContaining("exit 137").hasMessageContaining("run-1.log");
        assertThat(childrenOf(side)).as("no run folder counted").noneMatch(dir -> Files.exists(dir.resolve("run.json")));
    }

    @Test
    void shouldSayWhereARunInProgressIsUntilItEnds() throws Exception {
        Path go = tmp.resolve("go");
        String maven = maven("slow", RUN_FOLDER + """
            echo '[mailbench] load starting'
            echo '================================================================================'
            echo '2026-11-23 15:00:00 GMT                                      60s elapsed'
            echo '---- Requests ------------------------------------------------------------------'
            echo '> Global                                                   (OK=59000  KO=0     )'
            i=0; while [ ! -f "%s" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
            """.formatted(go) + SUMMARY + "exit 0\n");
        GatlingRunner runner = new GatlingRunner(maven, project, Map.of(), Duration.ofMillis(50));

        CompletableFuture<Path> run = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(side, tmp.resolve("logs").resolve("run-1.log"), progress::add);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        await().atMost(Duration.ofSeconds(20)).until(() -> progress.stream()
            .anyMatch(line -> line.matches("\\d+ s, Gatling 60s elapsed, OK 59000 KO 0 \\(stage: load\\)")));
        Files.createFile(go);

        assertThat(run.get(20, TimeUnit.SECONDS)).exists();
        int linesAtTheEnd = progress.size();
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> progress.size() == linesAtTheEnd);
    }
}
