package mailbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import mailbench.access.OpenSearchHttp;
import mailbench.meters.LoadMeters;
import mailbench.runfolder.RunFolder;
import mailbench.runfolder.RunRecord;
import mailbench.settings.BenchConfig;
import mailbench.settings.RequestPath;
import mailbench.settings.StartAt;
import mailbench.stack.ChildSignals;
import mailbench.summary.RequestRecordSink;
import mailbench.summary.SimulationLog;

/**
 * One load run, from the simulation's point of view: its run folder, the local stack (unless a
 * target is given), and what is written when it ends — also when it is interrupted: a JVM exit
 * hook stops the stack and labels whatever was measured as incomplete. Nothing is overwritten.
 * It is the simulations' one door into the run machinery; where their requests go is {@link RunEndpoints}, and the
 * work itself is in RunTarget, ProfilerChoice, LoadMeters and RunEnding.
 */
public final class BenchRun {

    private final BenchConfig config;
    private final SimulationNeeds needs;
    private final RunFolder folder;
    private final SimulationLog log;
    private final RunEnding ending;
    private final RunRecord record = new RunRecord();
    private final Object lock = new Object();
    private final long startMillis = System.currentTimeMillis();
    private final GatlingFolder gatling;
    private RunTarget target;
    private RunEndpoints endpoints;
    private Path feeders;
    private RunProfiler profiler;
    private LoadMeters meters;
    private Runnable whenFinished = () -> { };
    private boolean finished;

    private BenchRun(BenchConfig config, SimulationNeeds needs, SimulationLog log, RunFolder folder) {
        this.config = config;
        this.needs = needs;
        this.folder = folder;
        this.log = log;
        this.gatling = new GatlingFolder(config.output().gatlingResults(), startMillis);
        this.ending = new RunEnding(log, folder, record, gatling, this::say);
    }

    /** Creates the run folder and, without a target, starts the local stack. Fails with a message that names the fix. */
    public static BenchRun open(String simulation, String gatlingVersion, SimulationLog log) {
        return open(simulation, gatlingVersion, log, SimulationNeeds.SEARCH);
    }

    /** As {@link #open(String, String, SimulationLog)}, for a simulation with other needs than the search corpus. */
    public static BenchRun open(String simulation, String gatlingVersion, SimulationLog log, SimulationNeeds needs) {
        return open(simulation, gatlingVersion, log, needs, BenchConfig.fromSystemProperties(needs.knobDefaults()));
    }

    /** As {@link #open(String, String, SimulationLog, SimulationNeeds)}, with the knobs the simulation has read already. */
    public static BenchRun open(String simulation, String gatlingVersion, SimulationLog log, SimulationNeeds needs, BenchConfig config) {
        try {
            String name = RunFolder.name(Instant.now(), simulation, config.load().variant(), direct(config));
            GatlingTrust.install(config, Path.of("target", "gatling-trust", name));
            BenchRun run = new BenchRun(config, needs, log, RunFolder.create(config.output().reportsDir(), name));
            run.start(simulation, gatlingVersion);
            return run;
        } catch (IOException e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the run", e);
        }
    }

    private static boolean direct(BenchConfig config) {
        return config.load().path() == RequestPath.DIRECT;
    }

    private void start(String simulation, String gatlingVersion) throws IOException, InterruptedException {
        RunRecordStart.starting(record, folder.dir().getFileName().toString(), simulation, config, needs.knobDefaults(),
            gatlingVersion, Instant.ofEpochMilli(startMillis));
        say("run folder: " + folder.dir());
        record.machine.putAll(MachineInfo.describe());
        folder.writeRecord(record);
        Runtime.getRuntime().addShutdownHook(new Thread(this::onJvmExit, "mailbench-run-exit"));
        // the last word if Maven goes away (Ctrl-C, SIGTERM, kill): Gatling's fork would otherwise run on alone
        ProcessHandle.current().parent().ifPresent(parent -> ChildSignals.exitWhenGone(parent.pid(), 143));

        feeders = needs.corpus() && needs.searchWarmUp() ? Feeders.forCorpus(config.load().corpus()) : null;
        target = RunTarget.start(config, needs, record.runId, feeders, this::say, this::event);
        endpoints = new RunEndpoints(config, target);
        target.describe(record.versions);
        record.network = target.network();
        if (!config.local() && feeders != null) {
            try {
                event(target.preflight(feeders));
            } catch (IOException e) {
                record.event("target preflight failed: " + e.getMessage());
                throw e;
            }
        }
        profiler = ProfilerChoice.choose(simulation, needs.profiler(), config.profiler(), direct(config), target.stack(), record::event);
        record.status = "running";
        folder.writeRecord(record);
    }

    /** Called from the simulation's before hook, just before the load starts: sampling starts, the profile window counts from here. */
    public void loadStarting() {
        // the slow steps come before an agreed start, so runs that share one start their load in the same second
        nodeSnapshot("before");
        ProfileWindow.of(config.load().warmupSeconds(), config.load().durationSeconds(), config.profiler().trimSeconds())
            .ifPresentOrElse(window -> profiler.start(window, config.load().startAt()),
                () -> profiler.skip("the measured phase is too short for a capture window"));
        try {
            try {
                config.load().injector().requireInTime(config.load().startAt(), java.time.Clock.systemUTC(), "reached its load");
            } catch (IllegalArgumentException late) {
                event(late.getMessage());
                say(late.getMessage());
                throw late;
            }
            StartAt.await(config.load().startAt(), this::event);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the agreed start", e);
        }
        meters = LoadMeters.start(target.facadeUrl(), target.facadeAccess(), target.pids(), needs.profiler() && !direct(config),
            config.load().warmupSeconds() * 1000L);
        event("load starting");
        gatling.spotWhileLoading();
        writeQuietly();
    }

    public Path folder() {
        return folder.dir();
    }

    /** Where the load and the run's own calls go, with the headers each needs; set once the run has started. */
    public RunEndpoints endpoints() {
        return endpoints;
    }

    public Path feeders() {
        return feeders;
    }

    /** Gatling's simulation.log of this run, once Gatling has written it (in the after hook). */
    public Optional<Path> simulationLog() {
        return ending.simulationLog();
    }

    /** Feeds the request records of this run's simulation.log to the sink; false when there is none or it ends early. */
    public boolean readSimulationLog(RequestRecordSink sink) throws IOException {
        Optional<Path> file = simulationLog();
        return file.isPresent() && log.read(file.get(), sink);
    }

    /** A line in run.json's timeline and on the console. */
    public void event(String line) {
        record.event(line);
        say(line);
    }

    public BenchConfig config() {
        return config;
    }

    /** The run as its reports name it: simulation, run id, variant, path, target ("local" without one). */
    public Map<String, String> about() {
        Map<String, String> about = new LinkedHashMap<>();
        about.put("simulation", record.simulation);
        about.put("runId", record.runId);
        about.put("variant", config.load().variant());
        about.put("path", config.load().path().value());
        about.put("target", config.local() ? "local" : config.target().url().toString());
        return about;
    }

    /**
     * Runs {@code step} once, when {@link #finish()} has written run.json for the last time; not when the run is
     * interrupted. The run's outcome is settled by then: a step that reports elsewhere must not change it.
     */
    public void whenFinished(Runnable step) {
        synchronized (lock) {
            whenFinished = step;
        }
    }

    /** Called from the simulation's after hook: Gatling has closed simulation.log by then. */
    public void finish() {
        synchronized (lock) {
            if (finished) {
                return;
            }
            event("load finished");
            nodeSnapshot("after");
            boolean complete = ending.summarize(target, profiler, meters);
            record.status = complete ? "completed" : "incomplete";
            ending.stopStack(target);
            finished = true;
            writeQuietly();
            whenFinished.run();
        }
    }

    private void onJvmExit() {
        synchronized (lock) {
            if (!finished) {
                record.event("interrupted");
                record.status = "interrupted";
                record.reason = "the run was stopped before it finished (signal, crash or failed start); numbers cover what ran";
                if (meters != null) {
                    nodeSnapshot("after");
                }
                ending.summarize(target, profiler, meters);
                ending.stopStack(target);
                finished = true;
            }
            ending.moveGatlingReport();
            writeQuietly();
            say("run folder: " + folder.dir() + " (" + record.status + ")");
        }
    }

    /** OpenSearch's stats and hot threads into logs/, when mailbench knows the node (local, or -Dmailbench.opensearch on a target). */
    private void nodeSnapshot(String when) {
        if (target != null && !target.opensearchUrls().isEmpty()) {
            NodeSnapshots.write(new OpenSearchHttp(target.opensearchUrls(), target.opensearchAccess()), folder.logsDir(), when, record::event);
        }
    }

    private void writeQuietly() {
        record.end = Instant.now();
        try {
            folder.writeRecord(record);
        } catch (IOException e) {
            System.err.println("[mailbench] could not write " + folder.runJson() + ": " + e.getMessage());
        }
    }

    private void say(String line) {
        System.out.println("[mailbench] " + line);
    }
}
