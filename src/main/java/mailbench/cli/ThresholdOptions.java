package mailbench.cli;

import mailbench.compare.Thresholds;
import picocli.CommandLine.Option;

/** The verdict's thresholds, shared by {@code compare} and {@code nightly}. */
final class ThresholdOptions {

    @Option(names = "--max-cpu-increase", description = "Allowed increase of CPU ms per request, %% (default: ${DEFAULT-VALUE})",
        defaultValue = "10")
    double cpu;

    @Option(names = "--max-allocation-increase", description = "Allowed increase of the facade's heap bytes allocated per request, "
        + "%% (default: ${DEFAULT-VALUE})", defaultValue = "10")
    double allocation;

    @Option(names = "--max-p99-increase", description = "Allowed increase of the overall p99, %% (default: ${DEFAULT-VALUE})",
        defaultValue = "25")
    double p99;

    @Option(names = "--max-ko-increase", description = "Allowed increase of failed requests, points of %% (default: ${DEFAULT-VALUE})",
        defaultValue = "1")
    double ko;

    @Option(names = "--max-rps-decrease", description = "Allowed decrease of throughput, %% (default: ${DEFAULT-VALUE})",
        defaultValue = "5")
    double rps;

    @Option(names = "--alpha", description = "Significance level of the rank test with 3+ runs a side (default: ${DEFAULT-VALUE})",
        defaultValue = "0.05")
    double alpha;

    Thresholds thresholds() {
        return new Thresholds(cpu, allocation, p99, ko, rps, alpha);
    }
}
