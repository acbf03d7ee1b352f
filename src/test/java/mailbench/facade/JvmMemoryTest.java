package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class JvmMemoryTest {

    private static volatile byte[] sink;

    @Test
    void allocatedBytesShouldCountWhatAThreadAllocatedAfterItEnded() throws Exception {
        Long before = JvmMemory.allocatedBytes();
        Thread thread = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                sink = new byte[100_000];
            }
        });
        thread.start();
        thread.join();
        Long after = JvmMemory.allocatedBytes();

        assertThat(before).as("this JDK counts allocation: " + System.getProperty("java.version")).isNotNull();
        assertThat(after - before).isGreaterThanOrEqualTo(10_000_000L);
    }

    @Test
    void countersShouldNameAllocationAndGcPauses() {
        Map<String, Object> counters = JvmMemory.counters();

        assertThat(counters).containsOnlyKeys("allocatedBytes", "gcCount", "gcMillis");
        assertThat((Long) counters.get("gcCount")).isNotNegative();
        assertThat((Long) counters.get("gcMillis")).isNotNegative();
    }

    @Test
    void concurrentCollectorsShouldNotCountAsPauses() {
        assertThat(JvmMemory.pauses("G1 Young Generation")).isTrue();
        assertThat(JvmMemory.pauses("G1 Old Generation")).isTrue();
        assertThat(JvmMemory.pauses("ZGC Pauses")).isTrue();
        assertThat(JvmMemory.pauses("G1 Concurrent GC")).isFalse();
        assertThat(JvmMemory.pauses("ZGC Cycles")).isFalse();
        assertThat(JvmMemory.pauses("Shenandoah Cycles")).isFalse();
    }
}
