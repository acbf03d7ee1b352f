package mailbench.it.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchHttp;
import mailbench.corpus.CorpusSpec;
import mailbench.facadeclient.FacadeAccess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TargetFacade;
import mailbench.loader.CorpusPreflight;
import mailbench.run.BenchRun;
import mailbench.run.Feeders;
import mailbench.knobs.Knobs;

/**
 * Against a target, a few feeder rows are looked up before the load: a target facade over an index holding another
 * corpus (the tests' 5,000 messages against the default 100,000-message feeders) stops the run in seconds with the fix
 * named; the feeders of the corpus it holds pass.
 */
class CorpusPreflightIT {

    private static final CorpusSpec HELD = new CorpusSpec(42, 5_000, 100);
    private static final String MISMATCH = "the target's index does not hold the corpus these feeders were made from";

    private static TargetFacade facade;
    private static String index;

    @BeforeAll
    static void targetWithTheSmallCorpus() throws Exception {
        facade = TargetFacade.start("preflight");
        index = Http.get(facade.url(), "/health").json().path("index").asText();
    }

    @AfterAll
    static void stop() {
        if (facade != null) {
            facade.close();
        }
    }

    @Nested
    class ThroughTheFacade {

        @Test
        void feedersOfTheHeldCorpusShouldPass() throws Exception {
            assertThat(CorpusPreflight.throughFacade(facade.url(), Feeders.forCorpus(HELD), HELD, FacadeAccess.NONE))
                .contains("the target holds the feeders' corpus");
        }

        @Test
        void feedersOfAnotherCorpusShouldFailInSecondsNamingBothFixes() {
            long start = System.nanoTime();

            assertThatThrownBy(() -> CorpusPreflight.throughFacade(facade.url(), Feeders.forCorpus(CorpusSpec.defaults()), CorpusSpec.defaults(), FacadeAccess.NONE))
                .isInstanceOf(IOException.class).hasMessageContaining(MISMATCH)
                .hasMessageContaining("seed 42, 100000 messages, 1000 users")
                .hasMessageContaining("java -jar target/mailbench.jar load --facade " + facade.url())
                .hasMessageContaining("--seed 42 --messages 100000 --users 1000")
                .hasMessageContaining("-Dmailbench.corpus.messages");
            assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(10);
        }
    }

    @Nested
    class Direct {

        @Test
        void feedersOfTheHeldCorpusShouldFindItInTheIndex() throws Exception {
            assertThat(CorpusPreflight.direct(OpenSearchHttp.plain(SharedNode.url()), index, Feeders.forCorpus(HELD), HELD, facade.url()))
                .contains("the target holds the feeders' corpus");
        }

        @Test
        void feedersOfAnotherCorpusShouldNotFindIt() {
            assertThatThrownBy(() -> CorpusPreflight.direct(OpenSearchHttp.plain(SharedNode.url()), index,
                Feeders.forCorpus(CorpusSpec.defaults()), CorpusSpec.defaults(), facade.url()))
                .isInstanceOf(IOException.class).hasMessageContaining(MISMATCH).hasMessageContaining("answered 404");
        }
    }

    /** The run itself, opened as a simulation opens it (no load is sent): the preflight is part of starting against a target. */
    @Nested
    class Run {

        // not a temporary folder: the run's exit hook writes run.json there when the test JVM ends
        private final Path dir = Path.of("target", "preflight-it", "" + System.nanoTime()).toAbsolutePath();
        private final Map<String, String> saved = new LinkedHashMap<>();

        private void knobs(CorpusSpec corpus) {
            Map<String, String> knobs = Map.of(Knobs.TARGET.name(), facade.url().toString(), Knobs.REPORTS.name(),
                dir.resolve("reports").toString(), Knobs.GATLING_RESULTS.name(), dir.resolve("gatling").toString(),
                Knobs.PROFILER.name(), "false", Knobs.SEED.name(), "" + corpus.seed(),
                Knobs.MESSAGES.name(), "" + corpus.messages(), Knobs.USERS.name(), "" + corpus.users());
            knobs.forEach((name, value) -> {
                saved.put(name, System.getProperty(name));
                System.setProperty(name, value);
            });
        }

        @AfterEach
        void restore() {
            saved.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }

        @Test
        void aRunWithFeedersOfAnotherCorpusShouldNotStart() {
            knobs(CorpusSpec.defaults());
            long start = System.nanoTime();

            assertThatThrownBy(() -> BenchRun.open("SearchSimulation", "test", (file, sink) -> true))
                .hasMessageContaining("could not start the run").hasMessageContaining(MISMATCH);
            assertThat((System.nanoTime() - start) / 1e9).as("seconds").isLessThan(30);
        }

        @Test
        void aRunWithFeedersOfTheHeldCorpusShouldStart() {
            knobs(HELD);

            BenchRun run = BenchRun.open("SearchSimulation", "test", (file, sink) -> true);
            try {
                assertThat(run.endpoints().baseUrls()).containsExactly(facade.url().toString());
                assertThat(run.feeders()).isNotNull();
            } finally {
                run.finish();
            }
        }
    }
}
