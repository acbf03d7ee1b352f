package mailbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OS count of the facade's request path (its event loops and the client's I/O threads) per request, judged in place
 * of the whole process's count where every run has it: on a saturated host the process's count carries the JIT
 * compiler's per-JVM cost, which moves by several percent from one pair to the next and hides a +5% change of the code.
 */
class RequestPathCpuMetricTest {

    /** The night's own thresholds: 3% more CPU or allocation per request. */
    private static final Thresholds NIGHT = new Thresholds(3, 3, 25, 1, 5, 0.05);

    @TempDir
    Path dir;

    /** A finished run folder: the process's OS count and, unless null, the request path's, both per request. */
    private RunResult folder(String name, double processMs, Double requestPathMs) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        long requests = 30_000;
        Files.writeString(run.resolve("run.json"), "{\"variant\":\"default\",\"status\":\"completed\",\"machine\":{\"speedProbeMs\":700}}");
        Files.writeString(run.resolve("summary.json"), "{\"measured\":{\"requests\":" + requests + ",\"ko\":0,\"rps\":500,\"p50Ms\":2,"
            + "\"p95Ms\":5,\"p99Ms\":9},\"profile\":{\"status\":\"captured\",\"event\":\"itimer\",\"intervalMs\":10,\"samples\":2000,"
            + "\"targetCpuMs\":" + Math.round(processMs * requests) + ",\"requests\":" + requests + ",\"cpuMsPerRequest\":0.6},"
            + "\"facade\":{\"allocatedBytesPerRequest\":70000,\"requests\":" + requests
            + (requestPathMs == null ? "" : ",\"requestPathCpuMsPerRequest\":" + requestPathMs) + "}}");
        return RunResult.load(run);
    }

    private static MetricVerdict verdict(List<MetricVerdict> verdicts, Metric metric) {
        return verdicts.stream().filter(m -> m.metric().equals(metric.key())).findFirst().orElseThrow();
    }

    /** Six duet pairs: the request path 4.3-6.0% dearer on the current side in each, the process's count +-8% by the JIT. */
    private List<List<RunResult>> sixPairs(boolean everyRunHasTheRequestPath) throws Exception {
        double[] processChange = {8.1, -6.4, 2.2, -7.9, 9.0, -3.5};
        double[] pathChange = {4.3, 5.1, 6.0, 4.6, 5.4, 4.9};
        List<RunResult> base = new ArrayList<>();
        List<RunResult> current = new ArrayList<>();
        for (int i = 0; i < processChange.length; i++) {
            double path = 0.30 + 0.01 * i;
            base.add(folder("b" + i, 0.70, path));
            Double currentPath = !everyRunHasTheRequestPath && i == 2 ? null : path * (1 + pathChange[i] / 100);
            current.add(folder("c" + i, 0.70 * (1 + processChange[i] / 100), currentPath));
        }
        return List.of(base, current);
    }

    @Test
    void theRequestPathShouldBeReadFromTheFacadeSection() throws Exception {
        assertThat(folder("r", 0.7, 0.3125).requestPathCpuMsPerRequest()).isEqualTo(0.3125);
        assertThat(folder("older", 0.7, null).requestPathCpuMsPerRequest()).isNull();
    }

    @Test
    void aFivePercentRequestPathChangeShouldBeARegressionThatTheProcessCountBlurs() throws Exception {
        List<List<RunResult>> pairs = sixPairs(true);
        List<MetricVerdict> verdicts = Comparer.pairedMetricVerdicts(pairs.get(0), pairs.get(1), NIGHT);

        MetricVerdict path = verdict(verdicts, Metric.REQUEST_PATH_CPU_MS_PER_REQUEST);
        assertThat(path.outcome()).isEqualTo(MetricVerdict.Outcome.REGRESSION);
        assertThat(path.worseBy()).isBetween(4.5, 5.5);
        assertThat(path.mde()).isLessThan(1.5);
        MetricVerdict process = verdict(verdicts, Metric.PROCESS_CPU_MS_PER_REQUEST);
        assertThat(process.outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(process.note()).startsWith("shown, not judged: every run has requestPathCpuMsPerRequest")
            .contains("JIT and GC threads included");
        assertThat(process.mde()).as("still shown, and far too wide to judge").isGreaterThan(5.0);
        assertThat(Comparer.judgedCpu(verdicts)).isEqualTo(Metric.REQUEST_PATH_CPU_MS_PER_REQUEST);
        assertThat(NightVerdict.of(verdicts).outcome()).isEqualTo(NightVerdict.Outcome.REGRESSION);
    }

    @Test
    void aRunWithoutTheRequestPathShouldLeaveTheProcessCountJudged() throws Exception {
        List<List<RunResult>> pairs = sixPairs(false);
        List<MetricVerdict> verdicts = Comparer.pairedMetricVerdicts(pairs.get(0), pairs.get(1), NIGHT);

        assertThat(verdict(verdicts, Metric.REQUEST_PATH_CPU_MS_PER_REQUEST).outcome()).isEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        MetricVerdict process = verdict(verdicts, Metric.PROCESS_CPU_MS_PER_REQUEST);
        assertThat(process.outcome()).isNotEqualTo(MetricVerdict.Outcome.NOT_COMPARED);
        assertThat(Comparer.judgedCpu(verdicts)).isEqualTo(Metric.PROCESS_CPU_MS_PER_REQUEST);
        NightVerdict night = NightVerdict.of(verdicts);
        assertThat(night.outcome()).as("the process's spread cannot promise 3%").isEqualTo(NightVerdict.Outcome.INCONCLUSIVE);
        assertThat(night.undecided()).startsWith("processCpuMsPerRequest could detect");
    }
}
