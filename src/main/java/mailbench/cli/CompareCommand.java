package mailbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import mailbench.compare.Comparer;
import mailbench.compare.Comparison;
import mailbench.compare.ComparisonReport;
import mailbench.compare.MetricVerdict;
import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.errors.ToolError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mailbench compare BASE CURRENT}: before/after with a verdict; exit 0 no regression, 3 regression, 2 tool error. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compare runs: BASE and CURRENT are run folders, or folders of run folders (repeated runs).",
        "Writes comparison.html, comparison.json, junit.xml and differential flame graphs.",
        "With --paired (a night's base/ and current/ folders): the i-th run of each, by name, is pair i, judged by the night's paired rule.",
        "Exit code: 0 no regression, 3 regression, 2 tool error (bad folder, missing files)."})
final class CompareCommand implements Callable<Integer> {

    static final int REGRESSION = 3;
    static final int TOOL_ERROR = 2;

    @Parameters(index = "0", paramLabel = "BASE", description = "The runs before the change")
    Path base;

    @Parameters(index = "1", paramLabel = "CURRENT", description = "The runs after the change")
    Path current;

    @Option(names = "--out", description = "Where the comparison goes (default: CURRENT/comparison)")
    Path out;

    @Option(names = "--paired", description = "BASE and CURRENT are the two sides of a night (its base/ and current/ folders): the"
        + " i-th run of each, by name, is pair i; judged as the night judges (each pair's change), with the night's thresholds"
        + " unless given")
    boolean paired;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Override
    public Integer call() {
        try {
            Thresholds thresholds = paired ? thresholdOptions.nightThresholds() : thresholdOptions.thresholds();
            List<RunResult> baseRuns = RunResult.loadSeries(base);
            List<RunResult> currentRuns = RunResult.loadSeries(current);
            Comparison comparison = paired ? Comparer.comparePaired(baseRuns, currentRuns, thresholds)
                : Comparer.compare(baseRuns, currentRuns, thresholds);
            Path dir = out != null ? out : current.resolve("comparison");
            ComparisonReport.write(comparison, baseRuns, currentRuns, dir);
            for (MetricVerdict metric : comparison.metrics()) {
                System.out.printf("%-40s base %-10s current %-10s worse by %-8s detectable %-8s %s%n", metric.label(), metric.baseMedian(),
                    metric.currentMedian(), metric.worseBy(), metric.mde() == null ? "-" : metric.mde(), metric.outcome());
                if (metric.outcome() != MetricVerdict.Outcome.NO_CHANGE) {
                    System.out.println("    " + metric.note());
                }
            }
            if (!comparison.differences().isEmpty()) {
                System.out.println("what else differs (base vs current):");
                comparison.differences().forEach(d -> System.out.println("    " + d.what() + ": " + d.base() + " vs " + d.current()));
            }
            System.out.println("verdict: " + comparison.verdict() + " (" + baseRuns.size() + " base, " + currentRuns.size() + " current runs)"
                + comparison.inconclusiveNote());
            System.out.println("report: " + dir.resolve(ComparisonReport.HTML).toAbsolutePath());
            return comparison.regression() ? REGRESSION : 0;
        } catch (ToolError | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return TOOL_ERROR;
        } catch (java.io.IOException e) {
            System.err.println("error: could not write the comparison: " + e.getMessage());
            return TOOL_ERROR;
        }
    }
}
