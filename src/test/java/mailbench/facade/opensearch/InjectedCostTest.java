package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

class InjectedCostTest {

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void shouldSpendAboutTheGivenTimeOfTheCallingThreadsCpu() {
        InjectedCost cost = new InjectedCost(200, 0);
        cost.spendOn("warm"); // loads and compiles what the first call needs
        // The spin is by the clock: a thread the scheduler takes off its core spends less CPU than it spins, never more.
        // On a busy host a try can lose its core, so the best of a few tries is judged.
        long best = 0;
        for (int attempt = 0; attempt < 5 && best < 80_000L; attempt++) {
            long wallBefore = System.nanoTime();
            long before = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < 500; i++) {
                assertThat(cost.spendOn("page")).isEqualTo("page");
            }
            long spentMicros = (THREADS.getCurrentThreadCpuTime() - before) / 1_000;
            long wallMicros = (System.nanoTime() - wallBefore) / 1_000;
            assertThat(wallMicros).as("500 x 200 us spun").isGreaterThanOrEqualTo(100_000L);
            assertThat(spentMicros).as("CPU spent, try %d", attempt).isLessThanOrEqualTo(110_000L);
            best = Math.max(best, spentMicros);
        }
        assertThat(best).as("the CPU of the best of the tries").isBetween(80_000L, 110_000L);
    }

    @Test
    void shouldAllocateTheGivenBytesPerCall() {
        InjectedCost cost = new InjectedCost(0, 64 * 1024);
        long threadId = Thread.currentThread().getId();
        cost.spendOn(1); // loads and compiles what the first call needs
        long before = THREADS.getThreadAllocatedBytes(threadId);
        for (int i = 0; i < 100; i++) {
            cost.spendOn(i);
        }
        long perCall = (THREADS.getThreadAllocatedBytes(threadId) - before) / 100;
        assertThat(perCall).isBetween(64L * 1024, 64L * 1024 + 512);
    }

    @Test
    void noneShouldSayNoneAndASetCostWhatItAdds() {
        assertThat(InjectedCost.NONE.none()).isTrue();
        assertThat(InjectedCost.NONE.describe()).isEqualTo("none");
        assertThat(new InjectedCost(20, 4096).describe()).isEqualTo("20 us CPU + 4096 bytes per search and get");
        assertThat(ClientOptions.DEFAULT.injectedCost()).isEqualTo(InjectedCost.NONE);
    }

    @Test
    void shouldRefuseValuesOutsideItsRangeNamingTheOption() {
        assertThatThrownBy(() -> new InjectedCost(-1, 0)).hasMessageContaining("--inject-cpu-micros must be between 0 and 10000");
        assertThatThrownBy(() -> new InjectedCost(0, InjectedCost.MAX_ALLOC_BYTES + 1))
            .hasMessageContaining("--inject-alloc-bytes must be between 0 and");
    }
}
