package mailbench.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.runfolder.LatencyLog;

class LatencyLogTest {

    private static final long T0 = 1_763_798_400_123L;

    @TempDir
    Path tmp;

    @Test
    void readShouldGiveBackEveryNameOutcomeAndValueAndTheWindowToTheMillisecond() throws IOException {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        builder.accept("Search by text", T0, T0 + 12, true, null);
        builder.accept("Search by text", T0 + 7, T0 + 3_007, false, "timeout");
        builder.accept("Odd, name: 100% é/ü", T0 + 10_001, T0 + 10_001 + 2_500_000, true, null);
        builder.accept(SimulationLog.WARM_UP_PREFIX + "Search by text", T0 - 5, T0, true, null);
        Path file = tmp.resolve(LatencyLog.FILE);

        LatencyLog.write(file, builder.latencies().orElseThrow());
        LatencyLog.Measured read = LatencyLog.read(file);

        assertThat(read.startMillis()).isEqualTo(T0);
        assertThat(read.endMillis()).isEqualTo(T0 + 10_001);
        assertThat(read.byName()).containsOnlyKeys("Search by text", "Odd, name: 100% é/ü");
        LatencyLog.Outcomes text = read.byName().get("Search by text");
        assertThat(text.ok().getTotalCount()).isEqualTo(1);
        assertThat(text.ok().getMaxValue()).isEqualTo(12);
        assertThat(text.ko().getTotalCount()).isEqualTo(1);
        assertThat(text.ko().getValueAtPercentile(50)).isBetween(3_000L, 3_010L);
        assertThat(read.byName().get("Odd, name: 100% é/ü").ok().getValueAtPercentile(100)).isBetween(2_497_500L, 2_502_500L);
        assertThat(read.count()).isEqualTo(3);
        assertThat(Files.readString(file)).contains("Tag=ok:Search+by+text,").startsWith("#");
    }

    @Test
    void aBuilderThatMeasuredNothingShouldHaveNoLatencies() {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        builder.accept(SimulationLog.WARM_UP_PREFIX + "x", T0, T0 + 1, true, null);

        assertThat(builder.latencies()).isEmpty();
    }

    @Test
    void aFileThatIsNotALatencyLogShouldBeAnErrorNamingIt() throws IOException {
        Path notALog = Files.writeString(tmp.resolve("summary.json"), "{\"measured\": {}}\n");
        Path empty = Files.writeString(tmp.resolve("empty.hlog"), "#nothing\n");
        Path foreignTag = tmp.resolve("foreign.hlog");
        try (var out = Files.newOutputStream(foreignTag)) {
            Histogram histogram = LatencyLog.newHistogram();
            histogram.recordValue(5);
            histogram.setTag("other");
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputIntervalHistogram(1.0, 2.0, histogram, 1.0);
            writer.close();
        }

        assertThatThrownBy(() -> LatencyLog.read(notALog)).isInstanceOf(IOException.class).hasMessageContaining("summary.json");
        assertThatThrownBy(() -> LatencyLog.read(empty)).isInstanceOf(IOException.class).hasMessageContaining("holds no histogram");
        assertThatThrownBy(() -> LatencyLog.read(foreignTag)).isInstanceOf(IOException.class).hasMessageContaining("other");
    }
}
