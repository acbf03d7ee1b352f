package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuClockTest {

    @Test
    void shouldTellTheCpuTimeOfAWindowAndNothingFarOutsideTheReadings() {
        long before = System.currentTimeMillis();
        CpuClock clock = new CpuClock(ProcessHandle.current().pid());
        long from = System.currentTimeMillis();
        long sink = 0;
        while (System.currentTimeMillis() - from < 1_500) {
            sink += Long.numberOfTrailingZeros(System.nanoTime()); // busy: this JVM uses CPU
        }
        long to = System.currentTimeMillis();
        clock.close();

        assertThat(sink).isNotNegative();
        assertThat(clock.between(before, to)).as("an instant just before the first reading takes it").isPositive();
        assertThat(clock.between(from, to)).isPositive().isLessThanOrEqualTo((to - from) * Runtime.getRuntime().availableProcessors() + 50);
        assertThat(clock.between(from - 60_000, to)).as("a minute before the readings").isNull();
    }
}
