package mailbench.cli;

import mailbench.compare.Thresholds;
import picocli.CommandLine.Option;

/**
 * The verdict's thresholds, shared by {@code compare}, {@code pairs}, {@code verdicts} and {@code nightly}. CPU and
 * allocation have a tighter default in a night: its pairs can detect a few percent (docs/nightly.adoc, calibration),
 * and a night that could only see 10% would promise little.
 */
final class ThresholdOptions {

    static final double CPU_PERCENT = 10;
    static final double ALLOCATION_PERCENT = 10;
    static final double NIGHT_CPU_PERCENT = 3;
    static final double NIGHT_ALLOCATION_PERCENT = 3;

    @Option(names = "--max-cpu-increase", description = "Allowed increase of CPU ms per request, %% (default: 10; nightly: 3)")
    Double cpu;

    @Option(names = "--max-allocation-increase", description = "Allowed increase of the facade's heap bytes allocated per request, "
        + "%% (default: 10; nightly: 3)")
    Double allocation;

    @Option(names = "--max-p99-increase", description = "Allowed increase of the overall p99, %% (default: ${DEFAULT-VALUE})",
        defaultValue = "25")
    double p99;

    @Option(names = "--max-ko-increase", description = "Allowed increase of failed requests, points of %% (default: ${DEFAULT-VALUE})",
        defaultValue = "1")
    double ko;

    @Option(names = "--max-rps-decrease", description = "Allowed decrease of throughput, %% (default: ${DEFAULT-VALUE})",
        defaultValue = "5")
    double rps;

    @Option(names = "--alpha", description = "Significance level of the rank test (compare: Mann-Whitney U, 3+ runs a side; pairs"
        + " and nightly: Wilcoxon signed-rank, 5+ pairs) and of the minimum detectable effect (default: ${DEFAULT-VALUE})",
        defaultValue = "0.05")
    double alpha;

    /** With the defaults of compare, pairs and verdicts. */
    Thresholds thresholds() {
        return thresholds(CPU_PERCENT, ALLOCATION_PERCENT);
    }

    /** A night's: tighter CPU and allocation defaults. */
    Thresholds nightThresholds() {
        return thresholds(NIGHT_CPU_PERCENT, NIGHT_ALLOCATION_PERCENT);
    }

    private Thresholds thresholds(double cpuDefault, double allocationDefault) {
        return new Thresholds(cpu == null ? cpuDefault : cpu, allocation == null ? allocationDefault : allocation, p99, ko, rps, alpha);
    }
}
