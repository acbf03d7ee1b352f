package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.changepoint.ChangePoints;
import mailbench.errors.ToolError;
import mailbench.trend.Trend;
import mailbench.trend.TrendHistory;
import mailbench.trend.TrendPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench trend}: the nightly history drawn over nights in one offline page; exit 0, or 2 for a history it cannot read. */
@Command(name = "trend", mixinStandardHelpOptions = true,
    header = "Draw the nightly history into one offline HTML page.",
    description = {"Draw the nightly history (the files nightly --history writes) into one offline HTML page:",
        "req/s, p99 and facade CPU ms per request over nights, the baseline's band, the regressions flagged,",
        "the change points of each metric's nightly medians (E-Divisive) and the canary nights marked.",
        "Exit code: 0 written, 2 tool error (no history, a file that is not a night, a change-point option out of range)."})
final class TrendCommand implements Callable<Integer> {

    @Option(names = "--history", description = "The nightly job's history folder (default: ${DEFAULT-VALUE})",
        defaultValue = "reports/history")
    Path history;

    @Option(names = "--out", description = "The page to write (default: ${DEFAULT-VALUE})", defaultValue = "reports/trend.html")
    Path out;

    @Option(names = "--change-point-alpha", description = "Significance level of a change point's permutation test"
        + " (default: ${DEFAULT-VALUE}; 0.001 at the least)", defaultValue = "" + ChangePoints.Settings.ALPHA)
    double changePointAlpha;

    @Option(names = "--change-point-min-nights", description = "The fewest nights either side of a change point"
        + " (default: ${DEFAULT-VALUE}; 2 at the least)", defaultValue = "" + ChangePoints.Settings.MIN_SEGMENT)
    int changePointMinNights;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            Trend trend = TrendHistory.read(history, changeSearch());
            Path page = TrendPage.write(trend, out);
            System.out.println("[trend] " + trend.nights().size() + " nights (" + trend.regressions() + " judged a regression, "
                + trend.canaries() + " canaries), " + trend.changePoints().size() + " change points: " + page.toAbsolutePath());
            return 0;
        });
    }

    private ChangePoints.Settings changeSearch() {
        try {
            return ChangePoints.Settings.of(changePointMinNights, changePointAlpha);
        } catch (IllegalArgumentException e) {
            throw new ToolError("--change-point-alpha " + changePointAlpha + ", --change-point-min-nights " + changePointMinNights
                + ": " + e.getMessage() + "; give a level from 0.001 below 1 and 2 nights or more (defaults: "
                + ChangePoints.Settings.ALPHA + ", " + ChangePoints.Settings.MIN_SEGMENT + ")");
        }
    }
}
