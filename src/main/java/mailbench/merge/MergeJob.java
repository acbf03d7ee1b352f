package mailbench.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunSummary;

/**
 * Merges the run folders of several injectors into one run folder: run.json (the injectors'
 * runs and hosts), summary.json (same schema as a run's, combined) and latency.hlog (the
 * combined histograms). Every input is read and checked before anything is written.
 */
public final class MergeJob {

    /** The merged folder, its summary, and what the operator should know about the inputs. */
    public record Outcome(Path folder, RunSummary summary, List<String> warnings) {
    }

    private final PrintStream progress;

    public MergeJob(PrintStream progress) {
        this.progress = progress;
    }

    public Outcome run(List<Path> folders, Path out) throws IOException {
        refuseUsedOutput(out);
        List<InjectorRun> runs = new ArrayList<>();
        for (Path folder : folders) {
            InjectorRun run = InjectorRun.load(folder);
            say(String.format("run %d/%d: %s, %s req/s, %d requests measured from %s to %s", runs.size() + 1, folders.size(),
                run.label(), rateOf(run), run.requests(), run.measuredStart(), run.measuredEnd()));
            runs.add(run);
        }
        Path dir = out.toAbsolutePath();
        RunMerger.Merged merged = RunMerger.merge(dir.getFileName().toString(), runs);
        Files.createDirectories(dir);
        RunFolder folder = RunFolder.of(dir);
        folder.writeMergedRecord(merged.record());
        folder.writeSummary(merged.summary());
        folder.writeLatencies(merged.latencies());
        return new Outcome(dir, merged.summary(), merged.record().warnings());
    }

    /** A merge never overwrites: a re-run into the same folder would mix two results. */
    private static void refuseUsedOutput(Path out) throws IOException {
        if (!Files.exists(out)) {
            return;
        }
        if (!Files.isDirectory(out)) {
            throw new ToolError("--out " + out + " is a file: give a new folder");
        }
        try (Stream<Path> entries = Files.list(out)) {
            if (entries.findAny().isPresent()) {
                throw new ToolError("--out " + out + " is not empty: give a new folder (a merge never overwrites)");
            }
        }
    }

    private static String rateOf(InjectorRun run) {
        OptionalLong rate = run.record().wholeKnob(Knobs.RATE.name());
        return rate.isPresent() ? Long.toString(rate.getAsLong()) : "unknown";
    }

    private void say(String line) {
        progress.println("[merge] " + line);
    }
}
