package mailbench.compare;

import java.util.function.Function;

/** What the verdict looks at, per run; each says which direction is worse and how its threshold applies. */
public enum Metric {

    PROCESS_CPU_MS_PER_REQUEST("processCpuMsPerRequest", "facade CPU ms per request (OS count)", true, false,
        RunResult::processCpuMsPerRequest),
    CPU_MS_PER_REQUEST("cpuMsPerRequest", "facade CPU ms per request (profile)", true, false, RunResult::cpuMsPerRequest),
    ALLOCATED_BYTES_PER_REQUEST("allocatedBytesPerRequest", "facade heap bytes allocated per request", true, false,
        RunResult::allocatedBytesPerRequest),
    P99_MS("p99Ms", "p99 of all measured requests, ms", true, false, run -> run.measured().p99Ms()),
    KO_PERCENT("koPercent", "failed requests, %", true, true, run -> run.measured().koPercent()),
    THROUGHPUT_RPS("rps", "measured throughput, req/s", false, false, run -> run.measured().rps());

    private final String key;
    private final String label;
    private final boolean higherIsWorse;
    private final boolean absolute;
    private final Function<RunResult, Double> value;

    Metric(String key, String label, boolean higherIsWorse, boolean absolute, Function<RunResult, Double> value) {
        this.key = key;
        this.label = label;
        this.higherIsWorse = higherIsWorse;
        this.absolute = absolute;
        this.value = value;
    }

    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public boolean higherIsWorse() {
        return higherIsWorse;
    }

    /** Whether the change is in points (KO %) rather than in percent of the base. */
    public boolean absolute() {
        return absolute;
    }

    /** The run's value, or null when the run does not have it (no profile, no allocation counters). */
    public Double of(RunResult run) {
        return value.apply(run);
    }

    /** How far the change may go in the worse direction before it is a regression. */
    double allowed(Thresholds thresholds) {
        return switch (this) {
            case PROCESS_CPU_MS_PER_REQUEST, CPU_MS_PER_REQUEST -> thresholds.cpuIncreasePercent();
            case ALLOCATED_BYTES_PER_REQUEST -> thresholds.allocationIncreasePercent();
            case P99_MS -> thresholds.p99IncreasePercent();
            case KO_PERCENT -> thresholds.koIncreasePoints();
            case THROUGHPUT_RPS -> thresholds.rpsDecreasePercent();
        };
    }
}
