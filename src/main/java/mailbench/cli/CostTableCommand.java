package mailbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.costs.RunCosts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mailbench cost-table RUN}: what one request costs the facade, site by site, from a run's capture; exit 0, or 2 with the fix. */
@Command(name = "cost-table", mixinStandardHelpOptions = true,
    header = "What one request costs the facade's JVM, site by site: CPU µs and bytes per request, client, transport or facade.",
    description = {"Converts the run's capture (profile/facade.jfr) again over its window with source lines, charges each sample",
        "to the deepest frame of the facade or the client on its stack (its part: the client's API and JSON, its transport, the",
        "facade's own; the rest is the runtime's), and scales the shares to the run's measured CPU (OS count) and allocation per",
        "request. Prints the table as AsciiDoc and writes profile/" + RunCosts.ADOC + " and profile/" + RunCosts.JSON + " (docs/profiling.adoc).",
        "Exit code: 0 written, 2 refused (not a run, no capture, no allocation samples)."})
final class CostTableCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_FOLDER", description = "A run folder with a capture (reports/<timestamp>-<simulation>-<variant>)")
    Path run;

    @Option(names = "--top", defaultValue = "15", description = "Rows in each ranking (default: ${DEFAULT-VALUE})")
    int top;

    @Override
    public Integer call() {
        if (top < 1) {
            System.err.println("error: --top must be at least 1, was " + top);
            return CompareCommand.TOOL_ERROR;
        }
        try {
            RunCosts.Outcome outcome = RunCosts.write(run, top);
            System.out.println(outcome.page());
            System.out.println("[cost-table] wrote " + outcome.adoc() + " and " + outcome.json());
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        } catch (IOException e) {
            System.err.println("error: could not read the run's capture or write the table: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        }
    }
}
