package mailbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.compare.Metric;
import mailbench.errors.ToolError;
import mailbench.nightly.Git;
import mailbench.nightly.NightlyHistories;

/** The change a bisection looks for, read from the night.json a night writes (made by the nightly job on made-up runs). */
class NightEffectTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadTheNightsPairChangesOfTheMetricAndItsBaseline() throws Exception {
        NightlyHistories.write(dir, 3, new NightlyHistories.Load(100, 10, 0.5), List.of(new NightlyHistories.Load(100, 10, 0.55)));
        Path night;
        try (var nights = Files.list(dir.resolve("nightly"))) {
            night = nights.findFirst().orElseThrow();
        }

        NightEffect effect = NightEffect.ofNight(night, Metric.PROCESS_CPU_MS_PER_REQUEST);

        assertThat(effect.effect()).isCloseTo(10.0, within(2.0));
        assertThat(effect.spread()).isPositive().isLessThan(3.0);
        assertThat(effect.source()).endsWith("night.json");
        assertThat(NightEffect.baselineOf(night)).isEqualTo(Git.run(dir.resolve("checkout"), "rev-list", "--max-parents=0", "HEAD")
            .require("git rev-list"));
        assertThatThrownBy(() -> NightEffect.ofNight(night, Metric.ALLOCATED_BYTES_PER_REQUEST)).isInstanceOf(ToolError.class)
            .hasMessageContaining("no change of allocatedBytesPerRequest").hasMessageContaining("choose another --metric");
    }

    @Test
    void aNightWithoutARegressionShouldBeNothingToBisect() throws Exception {
        assertThatThrownBy(() -> NightEffect.ofRegression(List.of(), "the night")).isInstanceOf(ToolError.class)
            .hasMessageContaining("no metric of the night is a regression");
        assertThat(NightEffect.metric("p99Ms")).isEqualTo(Metric.P99_MS);
    }
}
