package mailbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import mailbench.errors.ToolError;
import mailbench.merge.MergeJob;
import mailbench.runfolder.RunFolder;
import mailbench.summary.SummaryTable;

/** {@code mailbench merge RUN... --out DIR}: the runs of several injectors of one load as one run folder; exit 0, or 2 with the fix. */
@Command(name = "merge", mixinStandardHelpOptions = true,
    header = "Merge the run folders of several injectors that loaded one target together into one run folder.",
    description = {"Merge the run folders of several injectors that loaded one target together (scale-out: the same simulation",
        "on N hosts, each at rate/N) into one run folder: counts added, percentiles of all their requests (from each run's",
        RunFolder.LATENCY_LOG + "), throughput summed. compare reads the result like any run folder.",
        "Exit code: 0 merged (warnings on stderr), 2 refused (not a run, different loads, no " + RunFolder.LATENCY_LOG + ", --out not empty)."})
final class MergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_FOLDER", arity = "1..*", description = "The injectors' run folders (reports/<timestamp>-<simulation>-<variant>)")
    List<Path> runs;

    @Option(names = "--out", required = true, description = "The merged run folder (new, or empty)")
    Path out;

    @Override
    public Integer call() {
        try {
            MergeJob.Outcome outcome = new MergeJob(System.out).run(runs, out);
            outcome.warnings().forEach(w -> System.err.println("warning: " + w));
            System.out.println(SummaryTable.format(outcome.summary()));
            System.out.println("[merge] merged run: " + outcome.folder() + " (" + RunFolder.RUN_JSON + ", " + RunFolder.SUMMARY_JSON + ", "
                + RunFolder.LATENCY_LOG + ")");
            return 0;
        } catch (ToolError | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        } catch (IOException e) {
            System.err.println("error: could not write the merged run: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        }
    }
}
