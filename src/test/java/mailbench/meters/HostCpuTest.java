package mailbench.meters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.Test;

import mailbench.runfolder.CpuSection;

class HostCpuTest {

    @Test
    void shouldReadTicksAsMillisAndFoldIrqIntoSystemAndIowaitIntoIdle() {
        long[] ms = HostCpu.parseCpuLine("cpu  100 5 20 300 7 1 2 40 0 0");
        assertThat(ms).containsExactly(1050, 230, 3070, 400);
    }

    @Test
    void shouldTurnTwoReadingsIntoAverageCores() {
        HostCpu.Reading first = new HostCpu.Reading(10_000, new long[] {1_000, 500, 2_000, 0}, Map.of("facade", 100L, "opensearch", 50L));
        // 10 s later on 2 cores: 20 s of core time = 11 s user + 3 s system + 4 s idle + 2 s steal
        HostCpu.Reading last = new HostCpu.Reading(20_000, new long[] {12_000, 3_500, 6_000, 2_000},
            Map.of("facade", 3_100L, "opensearch", 9_050L));
        CpuSection section = HostCpu.section(first, last, 2);
        assertThat(section.seconds()).isEqualTo(10.0);
        assertThat(section.processes()).containsEntry("facade", 0.3).containsEntry("opensearch", 0.9);
        assertThat(section.busy()).isEqualTo(1.4);
        assertThat(section.steal()).isEqualTo(0.2);
        assertThat(section.idle()).isEqualTo(0.4);
        assertThat(section.otherProcesses()).isEqualTo(0.2);
    }

    @Test
    void cpuPressureShouldBeTheShareOfTheTimeSomeTaskWaitedForACore() {
        assertThat(HostCpu.parsePressureTotal("some avg10=11.19 avg60=47.28 avg300=24.97 total=102365906")).isEqualTo(102_365_906L);
        HostCpu.Reading first = new HostCpu.Reading(10_000, new long[] {1_000, 500, 2_000, 0, 50_000}, Map.of());
        HostCpu.Reading last = new HostCpu.Reading(20_000, new long[] {12_000, 3_500, 6_000, 2_000, 57_500}, Map.of());
        assertThat(HostCpu.section(first, last, 2).pressure()).isEqualTo(0.75);
        HostCpu.Reading noPressure = new HostCpu.Reading(20_000, new long[] {12_000, 3_500, 6_000, 2_000, -1}, Map.of());
        assertThat(HostCpu.section(first, noPressure, 2).pressure()).isNull();
        assertThat(HostCpu.section(first, noPressure, 2).idle()).isEqualTo(0.4);
    }

    @Test
    void underAQuotaIdleShouldBeWhatTheQuotaLeftAndThrottledTheShareOfPeriodsItRanOut() {
        // 10 s on 2 cores, the machine 1.4 cores idle; the group used 0.4 of its 0.45 cores and ran out in 60 of 100 periods
        HostCpu.Reading first = new HostCpu.Reading(10_000, new long[] {1_000, 500, 2_000, 0}, Map.of(),
            new mailbench.cgroup.CgroupCpu.Counters(1_000_000_000L, 1_000, 100));
        HostCpu.Reading last = new HostCpu.Reading(20_000, new long[] {4_000, 1_500, 16_000, 0}, Map.of(),
            new mailbench.cgroup.CgroupCpu.Counters(5_000_000_000L, 1_100, 160));
        CpuSection section = HostCpu.withQuota(HostCpu.section(first, last, 2), 0.45, first, last);
        assertThat(section.idle()).isEqualTo(1.4);
        assertThat(section.quotaCores()).isEqualTo(0.45);
        assertThat(section.quotaIdle()).isEqualTo(0.05);
        assertThat(section.throttled()).isEqualTo(0.6);
    }

    @Test
    void withoutTheGroupsUseTheSectionShouldStayAsTheMachineSawIt() {
        HostCpu.Reading first = new HostCpu.Reading(10_000, new long[] {1_000, 500, 2_000, 0}, Map.of());
        HostCpu.Reading last = new HostCpu.Reading(20_000, new long[] {4_000, 1_500, 16_000, 0}, Map.of());
        CpuSection section = HostCpu.withQuota(HostCpu.section(first, last, 2), 0.45, first, last);
        assertThat(section.quotaCores()).isNull();
        assertThat(section.idle()).isEqualTo(1.4);
    }

    @Test
    void aProcessGoneBeforeTheEndShouldBeLeftOut() {
        HostCpu.Reading first = new HostCpu.Reading(0, null, Map.of("facade", 100L));
        HostCpu.Reading last = new HostCpu.Reading(1_000, null, Map.of());
        CpuSection section = HostCpu.section(first, last, 2);
        assertThat(section.processes()).isEmpty();
        assertThat(section.busy()).isNull();
    }

    @Test
    void shouldMeasureThisJvmSpinning() throws Exception {
        assumeThat(Files.isReadable(Path.of("/proc/stat"))).as("Linux /proc").isTrue();
        HostCpu cpu = HostCpu.start(Map.of("me", ProcessHandle.current().pid()));
        long from = System.currentTimeMillis();
        long end = from + 2_500;
        long x = 0;
        while (System.currentTimeMillis() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        // two readings (one a second) inside the window
        CpuSection section = await().atMost(Duration.ofSeconds(10)).until(() -> cpu.between(from - 1, System.currentTimeMillis()),
            Objects::nonNull);
        cpu.close();
        assertThat(x).isPositive();
        assertThat(section).isNotNull();
        // one thread spinning: about one core, less when the host takes some of it away
        assertThat(section.processes().get("me")).isBetween(0.3, 1.5);
        assertThat(section.busy()).isGreaterThanOrEqualTo(section.processes().get("me") - 0.1);
    }
}
