package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import mailbench.facadeclient.FacadeStats;
import mailbench.runfolder.FacadeSection;

class FacadeSectionTest {

    @Test
    void bytesPerRequestShouldBeTheAllocationBetweenTheReadingsOverTheMeasuredRequests() {
        FacadeSection section = FacadeSection.of(new FacadeStats.Memory(1_000_000L, 4, 30), new FacadeStats.Memory(61_000_000L, 10, 75), 60_000);

        assertThat(section.allocatedBytes()).isEqualTo(60_000_000L);
        assertThat(section.allocatedBytesPerRequest()).isEqualTo(1000.0);
        assertThat(section.requests()).isEqualTo(60_000L);
        assertThat(section.gcCount()).isEqualTo(6L);
        assertThat(section.gcMillis()).isEqualTo(45L);
        assertThat(section.note()).isNull();
    }

    @Test
    void bytesPerRequestShouldKeepOneDecimal() {
        assertThat(FacadeSection.of(new FacadeStats.Memory(0L, 0, 0), new FacadeStats.Memory(10L, 0, 0), 3).allocatedBytesPerRequest())
            .isEqualTo(3.3);
    }

    @Test
    void aJvmThatCannotCountAllocationShouldStillGiveItsGcPauses() {
        FacadeSection section = FacadeSection.of(new FacadeStats.Memory(null, 1, 5), new FacadeStats.Memory(null, 3, 9), 100);

        assertThat(section.allocatedBytesPerRequest()).isNull();
        assertThat(section.gcCount()).isEqualTo(2L);
        assertThat(section.note()).contains("getTotalThreadAllocatedBytes");
    }

    @Test
    void noMeasuredRequestShouldGiveNoBytesPerRequest() {
        FacadeSection section = FacadeSection.of(new FacadeStats.Memory(0L, 0, 0), new FacadeStats.Memory(500L, 0, 0), 0);

        assertThat(section.allocatedBytesPerRequest()).isNull();
        assertThat(section.allocatedBytes()).isEqualTo(500L);
        assertThat(section.note()).isEqualTo("no measured requests");
    }

    @Test
    void countersThatWentBackShouldMeasureNothing() {
        FacadeSection section = FacadeSection.of(new FacadeStats.Memory(9_000L, 5, 40), new FacadeStats.Memory(100L, 0, 0), 100);

        assertThat(section.allocatedBytesPerRequest()).isNull();
        assertThat(section.gcCount()).isNull();
        assertThat(section.note()).contains("restarted");
    }
}
