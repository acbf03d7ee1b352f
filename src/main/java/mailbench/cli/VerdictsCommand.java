package mailbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import mailbench.compare.RunResult;
import mailbench.compare.Thresholds;
import mailbench.compare.VerdictRates;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mailbench verdicts RUNS [OTHER]}: how often the compare rule raises a false alarm (A/A) or detects a change (A/B). */
@Command(name = "verdicts", mixinStandardHelpOptions = true,
    header = "Measure the compare rule itself: how often it calls identical runs a regression, and how often it detects a change.",
    description = {"Measure the compare rule itself. With one folder of runs of the same code (A/A): every split into two",
        "sides of --runs-a-side runs, both ways round, is compared; each regression or improvement is a false alarm.",
        "With two folders (A/B: base runs, current runs): every choice of runs from each side is compared; each",
        "regression is a detection. Prints the outcome counts per metric and the minimum detectable effects.",
        "With --paired (a night's base/ and current/): every choice of --pairs-a-night pairs, judged as a night judges them.",
        "The comparisons share runs: they describe the rule on this spread, they are not independent trials.",
        "Exit code: 0, or 2 for a tool error (bad folder, too few runs)."})
final class VerdictsCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUNS", description = "A folder of run folders: the same code (A/A), or the base (A/B)")
    Path runs;

    @Parameters(index = "1", paramLabel = "OTHER", arity = "0..1", description = "A folder of run folders of the current code (A/B)")
    Path other;

    @Option(names = "--runs-a-side", description = "Runs on each side of one comparison (default: ${DEFAULT-VALUE}, as `pairs` recommends)",
        defaultValue = "" + Thresholds.MIN_RUNS_FOR_TEST)
    int runsASide;

    @Option(names = "--paired", description = "RUNS and OTHER are the two sides of a night (its base/ and current/ folders): the"
        + " i-th run of each, by name, is pair i; every choice of --pairs-a-night pairs is judged by the night's paired rule")
    boolean paired;

    @Option(names = "--pairs-a-night", description = "With --paired: pairs in one comparison (default: ${DEFAULT-VALUE}, a night's"
        + " --min-pairs)", defaultValue = "6")
    int pairsANight;

    @Option(names = "--out", description = "Also write the counts as JSON to this file")
    Path out;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Override
    public Integer call() {
        try {
            Thresholds thresholds = paired ? thresholdOptions.nightThresholds() : thresholdOptions.thresholds();
            List<RunResult> first = RunResult.loadSeries(runs);
            if (paired && other == null) {
                throw new ToolError("--paired needs both sides: RUNS (a night's base/) and OTHER (its current/)");
            }
            VerdictRates.Rates rates = paired ? VerdictRates.paired(first, RunResult.loadSeries(other), pairsANight, thresholds)
                : other == null ? VerdictRates.sameCode(first, runsASide, thresholds)
                : VerdictRates.between(first, RunResult.loadSeries(other), runsASide, thresholds);
            print(rates);
            if (out != null) {
                Path parent = out.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), rates);
            }
            return 0;
        } catch (ToolError | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        } catch (IOException e) {
            System.err.println("error: could not write " + out + ": " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        }
    }

    private static void print(VerdictRates.Rates rates) {
        boolean aa = "A/A".equals(rates.mode());
        System.out.printf(Locale.ROOT, "%s: %s, %d %s: %d comparisons%n", rates.mode(),
            aa ? rates.baseRuns() + " runs of the same code" : rates.baseRuns() + " base and " + rates.currentRuns() + " current runs",
            rates.runsASide(), "paired".equals(rates.mode()) ? "pairs a night" : "a side", rates.comparisons());
        System.out.printf(Locale.ROOT, "%-40s %10s %11s %12s %9s %10s %12s %12s%n", "metric", "regression", "improvement", "inconclusive",
            "no change", "not judged", "MDE median", "MDE max");
        for (VerdictRates.MetricRates metric : rates.metrics()) {
            System.out.printf(Locale.ROOT, "%-40s %10d %11d %12d %9d %10d %12s %12s%n", metric.label(), metric.regressions(),
                metric.improvements(), metric.inconclusive(), metric.noChange(), metric.notCompared(), mde(metric.medianMde(), metric.metric()),
                mde(metric.maxMde(), metric.metric()));
        }
        String share = String.format(Locale.ROOT, "%d of %d (%.1f%%)", rates.anyRegression(), rates.comparisons(),
            100.0 * rates.anyRegression() / rates.comparisons());
        System.out.println(aa ? "false alarms (verdict \"regression\"): " + share + "; improvements claimed: " + rates.anyImprovement()
            : "regression verdicts (detections, or false alarms on identical code): " + share + "; improvements: " + rates.anyImprovement());
        if (!rates.nights().isEmpty()) {
            System.out.println("a night's answer: " + rates.nights().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .map(e -> e.getValue() + " " + e.getKey()).collect(java.util.stream.Collectors.joining(", ")));
        }
    }

    private static String mde(Double value, String metric) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.1f%s", value, "koPercent".equals(metric) ? " pts" : "%");
    }
}
