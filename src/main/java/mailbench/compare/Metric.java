package mailbench.compare;

import java.util.function.Function;

/** What the verdict looks at, per run; each says which direction is worse and how its threshold applies. */
public enum Metric {

    REQUEST_PATH_CPU_MS_PER_REQUEST("requestPathCpuMsPerRequest", "facade request path's CPU ms per request (OS count of its event"
        + " loops and the client's I/O threads)", true, false, RunResult::requestPathCpuMsPerRequest),
    PROCESS_CPU_MS_PER_REQUEST("processCpuMsPerRequest", "facade CPU ms per request (OS count)", true, false,
        RunResult::processCpuMsPerRequest),
    CPU_MS_PER_REQUEST("cpuMsPerRequest", "facade CPU ms per request (profile)", true, false, RunResult::cpuMsPerRequest),
    ALLOCATED_BYTES_PER_REQUEST("allocatedBytesPerRequest", "facade heap bytes allocated per request", true, false,
        RunResult::allocatedBytesPerRequest),
    P99_MS("p99Ms", "p99 of all measured requests, ms", true, false, run -> run.measured().p99Ms()),
    KO_PERCENT("koPercent", "failed requests, %", true, true, run -> run.measured().koPercent()),
    THROUGHPUT_RPS("rps", "measured throughput, req/s", false, false, run -> run.measured().rps()),
    // the judged totals split by whose cost the profile's samples are: shown, not judged (Comparer)
    CLIENT_BYTES_PER_REQUEST("clientBytesPerRequest", "the client's heap bytes per request (profile's share)", true, false,
        run -> run.owners() == null ? null : run.owners().clientBytesPerRequest()),
    FACADE_BYTES_PER_REQUEST("facadeBytesPerRequest", "the facade's own heap bytes per request (profile's share)", true, false,
        run -> run.owners() == null ? null : run.owners().facadeBytesPerRequest()),
    CLIENT_CPU_MS_PER_REQUEST("clientCpuMsPerRequest", "the client's CPU ms per request (OS count x profile's share)", true, false,
        run -> run.owners() == null ? null : run.owners().clientCpuMsPerRequest()),
    FACADE_CPU_MS_PER_REQUEST("facadeCpuMsPerRequest", "the facade's own CPU ms per request (OS count x profile's share)", true, false,
        run -> run.owners() == null ? null : run.owners().facadeCpuMsPerRequest());

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

    /** A part of a judged total, by whose cost it is: shown beside the total, never judged itself. */
    public boolean ownersPart() {
        return this == CLIENT_BYTES_PER_REQUEST || this == FACADE_BYTES_PER_REQUEST || this == CLIENT_CPU_MS_PER_REQUEST
            || this == FACADE_CPU_MS_PER_REQUEST;
    }

    /** The run's value, or null when the run does not have it (no profile, no allocation counters). */
    public Double of(RunResult run) {
        return value.apply(run);
    }

    /** How far the change may go in the worse direction before it is a regression. */
    double allowed(Thresholds thresholds) {
        return switch (this) {
            case REQUEST_PATH_CPU_MS_PER_REQUEST, PROCESS_CPU_MS_PER_REQUEST, CPU_MS_PER_REQUEST, CLIENT_CPU_MS_PER_REQUEST, FACADE_CPU_MS_PER_REQUEST -> thresholds.cpuIncreasePercent();
            case ALLOCATED_BYTES_PER_REQUEST, CLIENT_BYTES_PER_REQUEST, FACADE_BYTES_PER_REQUEST -> thresholds.allocationIncreasePercent();
            case P99_MS -> thresholds.p99IncreasePercent();
            case KO_PERCENT -> thresholds.koIncreasePoints();
            case THROUGHPUT_RPS -> thresholds.rpsDecreasePercent();
        };
    }
}
