package mailbench.meters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import mailbench.facadeclient.FacadeStats;
import mailbench.runfolder.FacadeSection;

class FacadeMemoryWindowTest {

    /** Readings that grow by 1 MB of allocation and one GC pause of 2 ms each time the stats are read. */
    private static Supplier<FacadeStats.Memory> growing(AtomicInteger reads) {
        return () -> {
            int n = reads.incrementAndGet();
            return new FacadeStats.Memory(n * 1_000_000L, n, 2L * n);
        };
    }

    @Test
    void theSectionShouldSpanTheReadingAtThePhaseStartAndTheOneAtStop() {
        AtomicInteger reads = new AtomicInteger();
        FacadeMemoryWindow window = FacadeMemoryWindow.start(growing(reads), 0);
        await().atMost(Duration.ofSeconds(5)).until(window::started);

        window.stop();
        FacadeSection section = window.section(500);

        assertThat(reads.get()).isEqualTo(2);
        assertThat(section.allocatedBytesPerRequest()).isEqualTo(2000.0);
        assertThat(section.gcCount()).isEqualTo(1L);
        assertThat(section.gcMillis()).isEqualTo(2L);
    }

    @Test
    void aRunStoppedBeforeTheMeasuredPhaseShouldSaySoAndNotReadTheStats() {
        AtomicInteger reads = new AtomicInteger();
        FacadeMemoryWindow window = FacadeMemoryWindow.start(growing(reads), 60_000);

        FacadeSection section = window.section(500);

        assertThat(section.allocatedBytesPerRequest()).isNull();
        assertThat(section.note()).isEqualTo("the run ended before the measured phase started");
        assertThat(reads.get()).isZero();
    }

    @Test
    void aFacadeWithoutTheCountersShouldBeNotMeasuredWithTheReason() {
        AtomicInteger reads = new AtomicInteger();
        FacadeMemoryWindow window = FacadeMemoryWindow.start(() -> {
            reads.incrementAndGet();
            return null;
        }, 0);
        await().atMost(Duration.ofSeconds(5)).until(window::started);

        FacadeSection section = window.section(500);

        assertThat(section.allocatedBytesPerRequest()).isNull();
        assertThat(section.note()).isEqualTo(FacadeMemoryWindow.NOT_REPORTED);
    }
}
