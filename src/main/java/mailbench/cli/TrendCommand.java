package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.trend.Trend;
import mailbench.trend.TrendHistory;
import mailbench.trend.TrendPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench trend}: the nightly history drawn over nights in one offline page; exit 0, or 2 for a history it cannot read. */
@Command(name = "trend", mixinStandardHelpOptions = true,
    header = "Draw the nightly history into one offline HTML page.",
    description = {"Draw the nightly history (the files nightly --history writes) into one offline HTML page:",
        "req/s, p99 and facade CPU ms per request over nights, the baseline's band, the regressions flagged.",
        "Exit code: 0 written, 2 tool error (no history, a file that is not a night)."})
final class TrendCommand implements Callable<Integer> {

    @Option(names = "--history", description = "The nightly job's history folder (default: ${DEFAULT-VALUE})",
        defaultValue = "reports/history")
    Path history;

    @Option(names = "--out", description = "The page to write (default: ${DEFAULT-VALUE})", defaultValue = "reports/trend.html")
    Path out;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            Trend trend = TrendHistory.read(history);
            Path page = TrendPage.write(trend, out);
            System.out.println("[trend] " + trend.nights().size() + " nights (" + trend.regressions() + " judged a regression): "
                + page.toAbsolutePath());
            return 0;
        });
    }
}
