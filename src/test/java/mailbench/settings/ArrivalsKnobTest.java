package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import mailbench.knobs.ClearedKnobs;

/** -Dmailbench.arrivals: evenly spaced requests unless a run asks for random gaps; anything else is refused by name. */
@ExtendWith(ClearedKnobs.class)
class ArrivalsKnobTest {

    @Test
    void evenSpacingShouldBeTheDefault() {
        assertThat(BenchConfig.fromSystemProperties().load().arrivals()).isEqualTo(Arrivals.REGULAR);
        assertThat(BenchConfig.knobValues()).containsEntry("mailbench.arrivals", "regular");
    }

    @Test
    void randomShouldBeReadAndRecorded() {
        System.setProperty("mailbench.arrivals", "random");
        BenchConfig config = BenchConfig.fromSystemProperties();
        assertThat(config.load().arrivals()).isEqualTo(Arrivals.RANDOM);
        assertThat(BenchConfig.knobValues()).containsEntry("mailbench.arrivals", "random");
    }

    @Test
    void anotherSpacingShouldBeRefusedWithTheValuesItTakes() {
        System.setProperty("mailbench.arrivals", "poisson");
        KnobRefusals.assertRejected("-Dmailbench.arrivals must be regular or random, got 'poisson'");
    }
}
