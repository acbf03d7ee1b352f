package mailbench.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;

import mailbench.meters.HostCpu;
import mailbench.meters.JvmPauses;
import mailbench.meters.LoadMeters;
import mailbench.meters.RunQueueWaits;
import mailbench.meters.ThreadCpu;
import mailbench.runfolder.FacadeSection;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunSummary;

/**
 * Turns Gatling's simulation.log into the run folder's summary.json and latency.hlog: the measured phase's numbers,
 * the requests that ended inside the profile's window (the profile's CPU per request), and what the run measured beside
 * Gatling (the machine's and threads' CPU, the JVMs' pauses, the facade's memory) attached to the same window.
 */
public final class RunSummarizer {

    /**
     * What the run measured beside Gatling: null {@code hostCpu} and {@code threadCpu} when the load never started;
     * {@code facade} gives the facade's section for the measured requests (null: not measured).
     */
    public record Beside(HostCpu hostCpu, ThreadCpu threadCpu, RunQueueWaits waits, Supplier<Map<String, JvmPauses>> pauses,
                  LongFunction<FacadeSection> facade) {
    }

    private final SimulationLog log;
    private final RunFolder folder;

    public RunSummarizer(SimulationLog log, RunFolder folder) {
        this.log = log;
        this.folder = folder;
    }

    /** Gatling's folder for a run: the newest one under {@code gatlingResults} with a simulation.log written since it started. */
    public static Optional<Path> gatlingRunDir(Path gatlingResults, long runStartMillis) {
        if (!Files.isDirectory(gatlingResults)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(gatlingResults)) {
            return dirs.filter(dir -> Files.isRegularFile(RunFolder.simulationLogIn(dir)))
                .filter(dir -> RunFolder.simulationLogIn(dir).toFile().lastModified() >= runStartMillis - 1_000)
                .max(Comparator.comparingLong(dir -> RunFolder.simulationLogIn(dir).toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads {@code simulationLog}, writes summary.json and (when something was measured) latency.hlog. {@code profile} makes
     * the profile's section from the measured requests that ended inside [{@code profileFrom}, {@code profileTo}] (both null:
     * no window); it is called once the log is read.
     */
    public RunSummary summarize(Path simulationLog, Instant profileFrom, Instant profileTo, LongFunction<ProfileSection> profile, Beside beside)
        throws IOException {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        long[] inProfileWindow = {0};
        boolean complete = log.read(simulationLog, (name, start, end, ok, error) -> {
            builder.accept(name, start, end, ok, error);
            if (profileFrom != null && profileTo != null && !name.startsWith(SimulationLog.WARM_UP_PREFIX)
                && end >= profileFrom.toEpochMilli() && end <= profileTo.toEpochMilli()) {
                inProfileWindow[0]++;
            }
        });
        RunSummary summary = builder.build(complete).withProfile(profile.apply(inProfileWindow[0]));
        long usualFrom = summary.window() == null ? 0 : summary.window().startMillis();
        long usualTo = summary.window() == null ? Long.MAX_VALUE : summary.window().endMillis();
        summary = summary.withErrors(ErrorWindowCauses.annotate(summary.errors(), beside.hostCpu(), beside.threadCpu(), usualFrom, usualTo,
            beside.pauses().get()));
        if (beside.hostCpu() != null && summary.window() != null) {
            summary = summary.withCpu(beside.hostCpu().between(summary.window().startMillis(), summary.window().endMillis()));
        }
        summary = summary.withFacade(beside.facade().apply(summary.measured().requests()));
        if (beside.threadCpu() != null && summary.window() != null && summary.facade() != null) {
            summary = summary.withFacade(summary.facade().withThreadCpu(beside.threadCpu().groupMillis(LoadMeters.FACADE_PROCESS,
                summary.window().startMillis(), summary.window().endMillis()), summary.measured().requests()));
        }
        if (beside.waits() != null && summary.window() != null && summary.facade() != null) {
            RunQueueWaits.Wait wait = beside.waits().requestPath(summary.window().startMillis(), summary.window().endMillis());
            summary = summary.withFacade(summary.facade().withRequestPathWaitShare(wait == null ? null : wait.share()));
        }
        folder.writeSummary(summary);
        // the mergeable form of the same numbers: scale-out runs on several injectors are merged from it
        Optional<LatencyLog.Measured> latencies = builder.latencies();
        if (latencies.isPresent()) {
            folder.writeLatencies(latencies.get());
        }
        return summary;
    }
}
