package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class InjectedCostTest {

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void shouldSpendAboutTheGivenCpuOfTheCallingThread() {
        InjectedCost cost = new InjectedCost(200, 0);
        cost.spendOn("warm"); // loads and compiles what the first call needs
        long before = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < 500; i++) {
            assertThat(cost.spendOn("page")).isEqualTo("page");
        }
        long spentMicros = (THREADS.getCurrentThreadCpuTime() - before) / 1_000;
        // fixed work: the CPU it takes does not depend on whether the scheduler takes the thread off its core. The bounds
        // are wide because a JVM's calibration and its later work differ by up to a quarter on some VMs of this kind (78.8
        // and 127.0 ms read in two JVMs of one quiet host, 2026-11-28); a cost that ignored its micros, or a calibration
        // off by half, still falls outside them
        assertThat(spentMicros).as("CPU of 500 x 200 us").isBetween(65_000L, 150_000L);
    }

    @Test
    void fixedWorkShouldCostTheSameCpuWhenTheThreadIsPreempted() throws Exception {
        InjectedCost cost = new InjectedCost(1_000, 0);
        cost.spendOn("warm");
        long alone = cpuOf(cost, 200);
        // more busy threads than cores: the scheduler takes this one off its core again and again; fixed work still spends
        // all of its CPU (a 1 ms spin by the clock kept 99% of it here too: the scheduler mostly switches between calls)
        java.util.concurrent.atomic.AtomicBoolean busy = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<Thread> rivals = new ArrayList<>();
        for (int i = 0; i <= Runtime.getRuntime().availableProcessors(); i++) {
            Thread rival = new Thread(() -> {
                long x = 1;
                while (busy.get()) {
                    x = x * 31 + 7;
                }
                if (x == 42) {
                    System.out.print("");
                }
            }, "rival-" + i);
            rival.start();
            rivals.add(rival);
        }
        long contended;
        try {
            contended = cpuOf(cost, 200);
        } finally {
            busy.set(false);
            for (Thread rival : rivals) {
                rival.join();
            }
        }
        assertThat((double) contended / alone).as("CPU beside busy rivals against alone").isBetween(0.8, 1.25);
    }

    private static long cpuOf(InjectedCost cost, int calls) {
        long before = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            cost.spendOn(i);
        }
        return THREADS.getCurrentThreadCpuTime() - before;
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
