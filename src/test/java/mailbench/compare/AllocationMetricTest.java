package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade's heap bytes allocated per request as a metric of {@code compare}, read from run folders as a run writes them. */
class AllocationMetricTest {

    @TempDir
    Path dir;

    /** A finished run folder: run.json, and summary.json with the facade section when {@code bytesPerRequest} is given. */
    private RunResult folder(String name, Double bytesPerRequest) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("run.json"), "{\"variant\":\"default\",\"status\":\"completed\",\"machine\":{\"speedProbeMs\":500}}");
        String facade = bytesPerRequest == null ? ""
            : ",\"facade\":{\"allocatedBytesPerRequest\":" + bytesPerRequest + ",\"allocatedBytes\":1,\"requests\":60000,\"gcCount\":3,"
                + "\"gcMillis\":20,\"note\":null}";
        Files.writeString(run.resolve("summary.json"), "{\"measured\":{\"requests\":60000,\"ko\":0,\"rps\":1000,\"p50Ms\":2,\"p95Ms\":5,"
            + "\"p99Ms\":9}" + facade + "}");
        return RunResult.load(run);
    }

    private static MetricVerdict allocation(Comparison comparison) {
        return comparison.metrics().stream().filter(m -> m.metric().equals(Metric.ALLOCATED_BYTES_PER_REQUEST.key())).findFirst()
            .orElseThrow();
    }

    @Test
    void allocationGrownByThirtyPercentShouldBeARegression() throws Exception {
        Comparison comparison = Comparer.compare(List.of(folder("base1", 40_000.0), folder("base2", 40_200.0), folder("base3", 39_800.0)),
            List.of(folder("current1", 52_000.0), folder("current2", 52_300.0), folder("current3", 51_800.0)), DefaultThresholds.VALUES);

        MetricVerdict allocation = allocation(comparison);
        assertThat(allocation.outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(allocation.worseBy()).isEqualTo(30.0);
        assertThat(allocation.allowed()).isEqualTo(10.0);
        assertThat(comparison.verdict()).isEqualTo(Comparison.REGRESSION);
    }

    @Test
    void allocationGrownWithinItsThresholdShouldBeNoChange() throws Exception {
        Comparison comparison = Comparer.compare(List.of(folder("base", 40_000.0)), List.of(folder("current", 52_000.0)),
            new Thresholds(10, 35, 25, 1, 5, 0.05));

        assertThat(allocation(comparison).outcome()).isEqualTo(MetricVerdict.Outcome.NO_CHANGE);
        assertThat(comparison.verdict()).isEqualTo(Comparison.NO_REGRESSION);
    }

    @Test
    void aRunFolderWithoutTheFacadeSectionShouldLeaveTheMetricNotComparedAndPass() throws Exception {
        Comparison comparison = Comparer.compare(List.of(folder("older", null)), List.of(folder("current", 52_000.0)), DefaultThresholds.VALUES);

        assertThat(allocation(comparison).outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(comparison.verdict()).isEqualTo(Comparison.NO_REGRESSION);
    }

    @Test
    void aNegativeAllocationThresholdShouldNameItsOption() {
        assertThatThrownBy(() -> new Thresholds(10, -1, 25, 1, 5, 0.05)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("--max-allocation-increase");
    }
}
