package mailbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import mailbench.meters.LoadMeters;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;
import mailbench.stack.Files2;
import mailbench.summary.RunSummarizer;
import mailbench.summary.SimulationLog;
import mailbench.summary.SummaryTable;

/**
 * What a run writes into its folder when it ends, finished or interrupted: the meters and the profiler stopped,
 * summary.json and the profile, the measured window in run.json, the stack stopped, and Gatling's report moved in.
 * Apart from {@link BenchRun} (which decides when a run ends and holds the lock) so that this part works on a run
 * folder and Gatling's results folder alone, without a stack, and is tested that way.
 */
final class RunEnding {

    private final RunFolder folder;
    private final RunRecord record;
    private final RunSummarizer summarizer;
    private final GatlingFolder gatling;
    private final Consumer<String> say;

    /** {@code gatling}: this run's folder among Gatling's results. */
    RunEnding(SimulationLog log, RunFolder folder, RunRecord record, GatlingFolder gatling, Consumer<String> say) {
        this.folder = folder;
        this.record = record;
        this.summarizer = new RunSummarizer(log, folder);
        this.gatling = gatling;
        this.say = say;
    }

    /** Gatling's simulation.log of this run, once Gatling has written it (in the after hook). */
    Optional<Path> simulationLog() {
        return gatling.get().map(RunFolder::simulationLogIn);
    }

    /**
     * Stops what measured beside Gatling, then writes summary.json and the profile from simulation.log; returns whether
     * the summary covers the whole run. {@code target}, {@code profiler} and {@code meters} are null when the run ended
     * before they started.
     */
    boolean summarize(RunTarget target, RunProfiler profiler, LoadMeters meters) {
        if (meters != null) {
            meters.stopFacadeMemory();
        }
        if (profiler != null) {
            profiler.stop();
        }
        if (meters != null) {
            meters.stopCpu(record::event);
        }
        Optional<Path> simulationLog = simulationLog();
        if (simulationLog.isEmpty()) {
            record.event("no simulation.log found under " + gatling.results());
            profileSection(profiler, 0);
            return false;
        }
        try {
            RunSummary summary = summarizer.summarize(simulationLog.get(), profiler == null ? null : profiler.windowFrom(),
                profiler == null ? null : profiler.windowTo(), requests -> profileSection(profiler, requests), new RunSummarizer.Beside(
                    meters == null ? null : meters.hostCpu(), meters == null ? null : meters.threadCpu(),
                    meters == null ? null : meters.waits(),
                    () -> target == null ? Map.of() : target.jvmPauses(),
                    requests -> meters == null ? null : meters.facadeSection(requests, say)));
            if (summary.window() != null) {
                record.measuredStart = Instant.ofEpochMilli(summary.window().startMillis());
                record.measuredEnd = Instant.ofEpochMilli(summary.window().endMillis());
            }
            say.accept(SummaryTable.format(summary));
            // what the facade's own bounds refused, so a run's 503s say which bound to look at
            Map<String, Long> refused = meters == null ? null : meters.facadeRefused(say);
            if (refused != null) {
                record.facadeRefused = refused;
            }
            return summary.complete();
        } catch (IOException | RuntimeException e) {
            record.event("summary failed: " + (e.getMessage() != null ? e.getMessage() : e));
            if (e.getMessage() == null) {
                e.printStackTrace(); // a bare exception (a null in a collection, say) says where only in its stack
            }
            return false;
        }
    }

    /** Fetches the capture into profile/ and notes in run.json whether there is one. */
    private ProfileSection profileSection(RunProfiler profiler, long requestsInWindow) {
        ProfileSection section = profiler == null ? ProfileSection.none("the run ended before the load started")
            : profiler.finish(folder.profileDir(), (start, stop) -> requestsInWindow);
        record.profile(section);
        if (section.reason() == null) {
            say.accept("profile: " + folder.eventLoopFlameGraph() + " (" + section.samples() + " samples, " + section.cpuMsPerRequest()
                + " CPU ms per request)");
            if (section.ownersLine() != null) {
                say.accept("profile, whose cost: " + section.ownersLine());
            }
        }
        return section;
    }

    /** Stops the local stack (nothing against a target), its logs into logs/. */
    void stopStack(RunTarget target) {
        if (target != null && target.stop(folder.logsDir(), say)) {
            record.event("local stack stopped");
        }
    }

    /** At JVM exit Gatling has written its HTML report: move it into the run folder. */
    void moveGatlingReport() {
        gatling.get().ifPresent(dir -> {
            try {
                Files2.moveTree(dir, folder.gatlingReportDir());
                say.accept("Gatling report: " + folder.gatlingReportDir().resolve("index.html"));
            } catch (IOException e) {
                record.event("could not move the Gatling report from " + dir + ": " + e.getMessage());
            }
        });
    }
}
