package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunProgressTest {

    private static final String LOG = """
        [INFO] --- gatling:3.15.0:test (default-cli) @ mailbench ---
        [mailbench] run folder: /reports/20261123-145800-SearchSimulation-default
        [mailbench] facade is up at http://127.0.0.1:8080 (pid 4242)
        [mailbench] warming the search path: 30 s
        [mailbench] local stack ready (facade pid 4242, node pid 4243)
        [mailbench] load starting
        ================================================================================
        2026-11-23 14:59:55 GMT                                      55s elapsed
        ---- Requests ------------------------------------------------------------------
        > Global                                                   (OK=54000  KO=0     )
        > Search by text                                           (OK=54000  KO=0     )
        ================================================================================
        2026-11-23 15:00:00 GMT                                      60s elapsed
        ---- Requests ------------------------------------------------------------------
        > Global                                                   (OK=59000  KO=3     )
        > Search by text                                           (OK=58997  KO=3     )
        """;

    private static RunProgress read(String text) {
        RunProgress progress = new RunProgress();
        text.lines().forEach(progress::accept);
        return progress;
    }

    @Test
    void shouldTellTheStageAndGatlingsLatestNumbers() {
        assertThat(read(LOG).describe(185)).isEqualTo("185 s, Gatling 60s elapsed, OK 59000 KO 3 (stage: load)");
    }

    @Test
    void shouldTellTheStageBeforeTheLoadAndAfterIt() {
        assertThat(read("[mailbench] run folder: /reports/x\n").describe(5)).isEqualTo("5 s (stage: starting)");
        assertThat(read("[mailbench] run folder: /reports/x\n[mailbench] facade is up at http://127.0.0.1:8080\n").describe(9))
            .isEqualTo("9 s (stage: stack)");
        assertThat(read(LOG + "[mailbench] stopping the local stack\n").describe(200))
            .isEqualTo("200 s, Gatling 60s elapsed, OK 59000 KO 3 (stage: finishing)");
    }

    @Test
    void aRunWaitingForTheAgreedStartShouldSaySo() {
        String waiting = "[mailbench] local stack ready (facade pid 1, node pid -1)\n"
            + "[mailbench] waiting 25.2 s for the agreed start 2026-11-26T02:29:08.250Z\n";
        assertThat(read(waiting).describe(60)).isEqualTo("60 s (stage: waiting for the agreed start)");
        assertThat(read(waiting + "[mailbench] agreed start reached (1 ms after it)\n").describe(90)).isEqualTo("90 s (stage: load)");
    }

    @Test
    void aTargetRunsOpeningLinesShouldNotReadAsFinishing() {
        RunProgress progress = read("[mailbench] target: http://staging:8080\n[mailbench] run folder: /reports/x\n");
        assertThat(progress.describe(5)).isEqualTo("5 s (stage: starting)");
        assertThat(read("[mailbench] run folder: /reports/x (passed)\n").describe(400)).isEqualTo("400 s (stage: finishing)");
    }

    @Test
    void shouldSayOnlyTheElapsedSecondsOfALogItDoesNotKnow() {
        assertThat(read("[INFO] Scanning for projects...\n[INFO] BUILD FAILURE\n> Global ready\n").describe(12)).isEqualTo("12 s");
        assertThat(new RunProgress().describe(0)).isEqualTo("0 s");
    }

    @Test
    void shouldFollowALogAsItGrowsAndWaitForHalfWrittenLines(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("run-1.log");
        RunProgress progress = new RunProgress();
        progress.follow(log);
        assertThat(progress.describe(1)).isEqualTo("1 s");

        Files.writeString(log, "[mailbench] load starting\n> Global      (OK=10  KO=0");
        progress.follow(log);
        assertThat(progress.describe(2)).isEqualTo("2 s (stage: load)");

        Files.writeString(log, "  )\n", StandardOpenOption.APPEND);
        progress.follow(log);
        assertThat(progress.describe(3)).isEqualTo("3 s, OK 10 KO 0 (stage: load)");
    }
}
