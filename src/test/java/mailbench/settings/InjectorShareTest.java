package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import mailbench.knobs.Knobs;

class InjectorShareTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final URI TARGET = URI.create("http://127.0.0.1:8080");
    private static final Instant AHEAD = NOW.plusSeconds(30);

    @AfterEach
    void clearKnobs() {
        System.clearProperty(Knobs.INJECTOR_COUNT.name());
        System.clearProperty(Knobs.INJECTOR_INDEX.name());
    }

    private static InjectorShare read(Map<String, String> env, int rate, URI target, Instant startAt) {
        return InjectorShare.read(env, rate, target, startAt, CLOCK);
    }

    private static void count(int count) {
        System.setProperty(Knobs.INJECTOR_COUNT.name(), Integer.toString(count));
    }

    @Test
    void noKnobShouldBeOneInjectorWithTheWholeRateAndTheReportsFolderItself() {
        InjectorShare alone = read(Map.of(), 1000, null, null);

        assertThat(alone).isEqualTo(InjectorShare.ALONE);
        assertThat(alone.rate(1000)).isEqualTo(1000);
        assertThat(alone.reportsDir(Path.of("reports"))).isEqualTo(Path.of("reports"));
    }

    @Test
    void theSharesShouldAddUpToTheTotalWhateverTheRemainder() {
        for (int count : new int[] {1, 2, 3, 7, 8}) {
            for (int total : new int[] {8, 100, 1000, 1001}) {
                int sum = IntStream.range(0, count).map(i -> new InjectorShare(i, count).rate(total)).sum();
                assertThat(sum).as(count + " injectors, " + total + " req/s").isEqualTo(total);
            }
        }
        assertThat(IntStream.range(0, 3).map(i -> new InjectorShare(i, 3).rate(1000)).boxed()).containsExactly(334, 333, 333);
    }

    @Test
    void eachInjectorShouldWriteIntoItsOwnFolder() {
        assertThat(new InjectorShare(2, 3).reportsDir(Path.of("/reports"))).isEqualTo(Path.of("/reports/injector-2"));
    }

    @Test
    void theKnobShouldWinOverTheEnvironmentAndOursOverKubernetes() {
        count(3);
        Map<String, String> env = Map.of(InjectorShare.INDEX_ENV, "1", InjectorShare.KUBERNETES_INDEX_ENV, "2");

        assertThat(read(env, 300, TARGET, AHEAD).index()).isEqualTo(1);
        assertThat(read(Map.of(InjectorShare.KUBERNETES_INDEX_ENV, "2"), 300, TARGET, AHEAD).index()).isEqualTo(2);
        System.setProperty(Knobs.INJECTOR_INDEX.name(), "0");
        assertThat(read(env, 300, TARGET, AHEAD).index()).isZero();
    }

    @Test
    void swarmsSlotZeroRenderedAsTheNodeIdShouldBeIndexZero() {
        count(3);

        assertThat(read(Map.of(InjectorShare.INDEX_ENV, "q2k3y8k0v1mz5r3t7u9w0x4ab"), 300, TARGET, AHEAD).index()).isZero();
    }

    @Test
    void anIndexOutOfRangeShouldBeRefusedNamingTheRange() {
        count(3);

        assertThatThrownBy(() -> read(Map.of(InjectorShare.KUBERNETES_INDEX_ENV, "3"), 300, TARGET, AHEAD))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("injector index 3 is out of range for -Dmailbench.injector.count=3: the indexes are 0 to 2");
        assertThatThrownBy(() -> read(Map.of(InjectorShare.INDEX_ENV, "first"), 300, TARGET, AHEAD))
            .hasMessageContaining("$MAILBENCH_INJECTOR_INDEX must be a whole number from 0");
    }

    @Test
    void severalInjectorsWithoutAnIndexShouldBeToldWhereItComesFrom() {
        count(2);

        assertThatThrownBy(() -> read(Map.of(), 300, TARGET, AHEAD))
            .hasMessageContaining("-Dmailbench.injector.count=2 needs this injector's index, 0 to 1")
            .hasMessageContaining("$JOB_COMPLETION_INDEX");
    }

    @Test
    void severalInjectorsShouldNeedOneTargetARateEachAndAnAgreedStart() {
        count(3);
        Map<String, String> env = Map.of(InjectorShare.INDEX_ENV, "1");

        assertThatThrownBy(() -> read(env, 300, null, AHEAD)).hasMessageContaining("3 injectors need one -Dmailbench.target");
        assertThatThrownBy(() -> read(env, 2, TARGET, AHEAD)).hasMessageContaining("at least 1 req/s each (give a total of 3 or more)");
        assertThatThrownBy(() -> read(env, 300, TARGET, null)).hasMessageContaining("3 injectors need one agreed start, -Dmailbench.startAt");
    }

    @Test
    void anAgreedStartLongPastShouldBeRefusedAndOneJustPassedAccepted() {
        count(2);
        Map<String, String> env = Map.of(InjectorShare.INDEX_ENV, "1");

        assertThat(read(env, 300, TARGET, NOW.minus(InjectorShare.MAX_LATE)).index()).isEqualTo(1);
        assertThatThrownBy(() -> read(env, 300, TARGET, NOW.minusSeconds(11)))
            .hasMessageContaining("injector 1 of 2 opened its run 11.0 s after the agreed start")
            .hasMessageContaining("it would load alone");
    }

    @Test
    void anInjectorReachingItsLoadLongAfterTheAgreedStartShouldBeRefused() {
        InjectorShare share = new InjectorShare(2, 3);

        share.requireInTime(NOW.minusSeconds(10), CLOCK, "reached its load");
        InjectorShare.ALONE.requireInTime(NOW.minusSeconds(3600), CLOCK, "reached its load");
        assertThatThrownBy(() -> share.requireInTime(NOW.minusSeconds(28), CLOCK, "reached its load"))
            .hasMessageContaining("injector 2 of 3 reached its load 28.0 s after the agreed start")
            .hasMessageContaining("swarm-run --lead-seconds");
    }

    @Test
    void aCountOutOfRangeShouldBeRefused() {
        count(0);

        assertThatThrownBy(() -> read(Map.of(), 300, TARGET, AHEAD)).hasMessageContaining("-Dmailbench.injector.count must be an integer between 1 and 1000");
    }
}
