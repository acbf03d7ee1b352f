package mailbench.run;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.facade.FacadeToken;
import mailbench.loader.CorpusPreflight;
import mailbench.loader.HealthProbe;
import mailbench.profiler.SidecarClient;
import mailbench.profiler.SidecarToken;
import mailbench.results.RunResultsKnob;
import mailbench.source.FacadeStats;
import mailbench.stack.ChildSignals;
import mailbench.stack.Files2;
import mailbench.stack.LocalStack;
import mailbench.stack.StackOptions;

/**
 * One load run, from the simulation's point of view: its run folder, the local stack (unless a
 * target is given), and what is written when it ends — also when it is interrupted: a JVM exit
 * hook stops the stack and labels whatever was measured as incomplete. Nothing is overwritten.
 */
public final class BenchRun {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /**
     * What a simulation needs from a local stack: the corpus loaded, the feeders' searches replayed on it before the
     * load (a warm search path), a profiler on the facade; and its own defaults for some knobs (knob name -> value).
     */
    public record Needs(boolean corpus, boolean profiler, boolean searchWarmUp, Map<String, String> knobDefaults) {
        /** SearchSimulation: the corpus its feeders hit, and a profile of its measured phase. */
        public static final Needs SEARCH = new Needs(true, true);
        /** IndexSimulation: an empty index (the facade creates it), and a profile of its measured phase. */
        public static final Needs INDEXING = new Needs(false, true);
        /** BulkIndexSimulation: an empty index; its cells have no single measured phase to profile. */
        public static final Needs BULK_MATRIX = new Needs(false, false);
        /**
         * LargeSourceSimulation: a small corpus of multi-MB messages in one mailbox, no feeder replay (its searches would
         * fetch whole messages by the dozen), a profile, and defaults sized for a run of a few minutes on 2 cores.
         */
        public static final Needs LARGE_SOURCE = new Needs(true, true, false, Map.of(
            BenchConfig.MESSAGES.name(), "60", BenchConfig.USERS.name(), "1", BenchConfig.ATTACHMENT_TEXT.name(), "" + (5 * 1024 * 1024),
            BenchConfig.WARMUP.name(), "30", BenchConfig.DURATION.name(), "60", BenchConfig.P99.name(), "10000"));

        public Needs {
            knobDefaults = Map.copyOf(knobDefaults);
        }

        /** The knobs' own defaults; the feeders' searches warm the stack whenever a corpus is loaded. */
        public Needs(boolean corpus, boolean profiler) {
            this(corpus, profiler, corpus, Map.of());
        }
    }

    private final BenchConfig config;
    private final Needs needs;
    private final SimulationLog log;
    private final Path folder;
    private final RunRecord record = new RunRecord();
    private final Object lock = new Object();
    private final long startMillis = System.currentTimeMillis();
    private LocalStack stack;
    private URI facadeUrl;
    private FacadeToken facadeToken;
    private List<URI> opensearchUrls = List.of();
    private String facadeIndex;
    private Path feeders;
    private RunProfiler profiler;
    private HostCpu hostCpu;
    private ThreadCpu threadCpu;
    private FacadeStats.Refusals refusalsAtStart;
    private FacadeMemoryWindow facadeMemory;
    private RunResultsKnob results;
    private boolean finished;

    private BenchRun(BenchConfig config, Needs needs, SimulationLog log, Path folder) {
        this.config = config;
        this.needs = needs;
        this.log = log;
        this.folder = folder;
    }

    /** Creates the run folder and, without a target, starts the local stack. Fails with a message that names the fix. */
    public static BenchRun open(String simulation, String gatlingVersion, SimulationLog log) {
        return open(simulation, gatlingVersion, log, Needs.SEARCH);
    }

    /** As {@link #open(String, String, SimulationLog)}, for a simulation with other needs than the search corpus. */
    public static BenchRun open(String simulation, String gatlingVersion, SimulationLog log, Needs needs) {
        BenchConfig config = BenchConfig.fromSystemProperties(needs.knobDefaults());
        try {
            BenchRun run = new BenchRun(config, needs, log, newFolder(config, simulation));
            run.start(simulation, gatlingVersion);
            return run;
        } catch (IOException e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the run", e);
        }
    }

    private static Path newFolder(BenchConfig config, String simulation) throws IOException {
        String name = RUN_ID.format(Instant.now()) + "-" + simulation + "-" + config.variant()
            + ("direct".equals(config.path()) ? "-direct" : "");
        Files.createDirectories(config.reportsDir());
        for (int attempt = 1; ; attempt++) {
            Path folder = config.reportsDir().resolve(attempt == 1 ? name : name + "-" + attempt).toAbsolutePath();
            try {
                return Files.createDirectory(folder);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // two runs in the same second: never overwrite, take the next name
            }
        }
    }

    private void start(String simulation, String gatlingVersion) throws IOException, InterruptedException {
        results = RunResultsKnob.of(BenchConfig.RESULTS_URL.value(), config.opensearchAccess());
        record.runId = folder.getFileName().toString();
        record.simulation = simulation;
        record.variant = config.variant();
        record.path = config.path();
        record.target = config.local() ? "local" : config.target().toString();
        record.status = "starting";
        record.start = Instant.ofEpochMilli(startMillis);
        record.knobs.putAll(BenchConfig.knobValues(needs.knobDefaults()));
        // the revision the classes were built from; a build without .git falls back to the checkout run in
        BuildRevision build = BuildRevision.current();
        record.versions.put("mailbench", build.known() ? build.revision() : MachineInfo.gitRevision());
        record.versions.put("gatling", gatlingVersion);
        record.versions.put("jdk", System.getProperty("java.version"));
        say("run folder: " + folder);
        record.machine.putAll(MachineInfo.describe());
        record.write(runJson());
        Runtime.getRuntime().addShutdownHook(new Thread(this::onJvmExit, "mailbench-run-exit"));
        watchParent();

        feeders = needs.corpus() && needs.searchWarmUp() ? Feeders.forCorpus(config.corpus()) : null;
        if (config.local()) {
            StackOptions options = new StackOptions(Path.of("target", "mailbench-stack", record.runId).toAbsolutePath(),
                config.opensearchVersion(), config.opensearchHeap(), config.facadeHeap(), config.facadeOpensearchJava(),
                config.facadeJvmArgs(), config.facadeArgs(),
                config.corpus(), needs.corpus(), feeders, needs.profiler() && config.profiling().enabled() && !"direct".equals(config.path()))
                .withOpensearchJdk(config.opensearchJdk());
            stack = LocalStack.start(options, this::say);
            facadeUrl = stack.facadeUrl();
            facadeToken = stack.facadeToken();
            opensearchUrls = List.of(stack.opensearchUrl());
            event("local stack ready (facade pid " + stack.facadePid() + ", node pid " + stack.nodePid() + ")");
        } else {
            facadeUrl = config.target();
            facadeToken = config.facadeToken();
            opensearchUrls = config.directTargets();
        }
        JsonNode health = HealthProbe.check(facadeUrl, "-D" + BenchConfig.TARGET.name(), facadeToken);
        facadeIndex = health.path("index").asText(null);
        record.versions.put("opensearchJava", health.path("client").path("opensearchJava").asText("unknown"));
        // how the facade's client talks to OpenSearch: a comparison names these when they differ besides the variant
        for (String option : List.of("transport", "mapper", "projection")) {
            record.versions.put("client " + option, health.path("client").path(option).asText("unknown"));
        }
        record.versions.put("opensearchServer", health.path("backend").path("version").asText("unknown"));
        if (stack != null) {
            stack.nodeJdkVersion().ifPresent(version -> record.versions.put("opensearchJdk", version));
        }
        if (!config.local() && feeders != null) {
            preflight();
        }
        profiler = profiler();
        record.status = "running";
        record.write(runJson());
    }

    /** Against a target, before any load: a few feeder rows must find the corpus in its index (see CorpusPreflight). */
    private void preflight() throws IOException, InterruptedException {
        try {
            // the direct requests search the index "mail" (DirectRequests), whatever the facade's index
            event("direct".equals(config.path())
                ? CorpusPreflight.direct(new OpenSearchHttp(opensearchUrls, opensearchAccess()), "mail", feeders, config.corpus(), facadeUrl)
                : CorpusPreflight.throughFacade(facadeUrl, feeders, config.corpus(), facadeToken));
        } catch (IOException e) {
            record.event("target preflight failed: " + e.getMessage());
            throw e;
        }
    }

    /** The profiler of this run, or a reason why there is none. */
    private RunProfiler profiler() {
        BenchConfig.Profiling profiling = config.profiling();
        if (!needs.profiler()) {
            return RunProfiler.none(record.simulation + " has no single measured phase to profile", record::event);
        }
        if (!profiling.enabled()) {
            return RunProfiler.none("switched off (-D" + BenchConfig.PROFILER.name() + "=false)", record::event);
        }
        if ("direct".equals(config.path())) {
            return RunProfiler.none("path=direct: the facade is not in the request path", record::event);
        }
        if (stack != null) {
            return stack.profiler()
                .map(p -> RunProfiler.using(new SidecarClient(p.url(), SidecarToken.readFile(p.tokenFile())), profiling.settings(), record::event))
                .orElseGet(() -> RunProfiler.none(stack.profilerProblem(), record::event));
        }
        if (profiling.url() == null) {
            return RunProfiler.none("staging run without a sidecar: start one next to the facade and set -D" + BenchConfig.PROFILER_URL.name(),
                record::event);
        }
        SidecarToken token;
        try {
            token = SidecarToken.fromFileOrEnv(profiling.tokenFile());
        } catch (IllegalArgumentException e) {
            return RunProfiler.none(e.getMessage(), record::event);
        }
        if (token == null) {
            return RunProfiler.none("no token for the sidecar: set $" + SidecarToken.ENV + " or -D" + BenchConfig.PROFILER_TOKEN_FILE.name(),
                record::event);
        }
        return RunProfiler.using(new SidecarClient(profiling.url(), token), profiling.settings(), record::event);
    }

    /** Called from the simulation's before hook, just before the load starts: sampling starts, the profile window counts from here. */
    public void loadStarting() {
        ProfileWindow.of(config.warmupSeconds(), config.durationSeconds(), config.profiling().trimSeconds())
            .ifPresentOrElse(profiler::start, () -> profiler.skip("the measured phase is too short for a capture window"));
        Map<String, Long> pids = new LinkedHashMap<>(stack == null ? Map.of() : stack.pids());
        pids.put("gatling", ProcessHandle.current().pid());
        hostCpu = HostCpu.start(pids);
        threadCpu = ThreadCpu.start(pids);
        refusalsAtStart = FacadeStats.refusalsOrNull(facadeUrl, facadeToken);
        if (needs.profiler() && !"direct".equals(config.path())) {
            facadeMemory = FacadeMemoryWindow.start(() -> FacadeStats.memoryOrNull(facadeUrl, facadeToken), config.warmupSeconds() * 1000L);
        }
        nodeSnapshot("before");
        event("load starting");
        writeQuietly();
    }

    /** The last word if Maven goes away (Ctrl-C, SIGTERM, kill): Gatling's fork would otherwise run on alone. */
    private static void watchParent() {
        ProcessHandle.current().parent().ifPresent(parent -> ChildSignals.exitWhenGone(parent.pid(), 143));
    }

    public Path folder() {
        return folder;
    }

    /** Where the simulation sends its requests: the facade, or (direct path) every OpenSearch host, each virtual user to one. */
    public List<String> baseUrls() {
        return ("direct".equals(config.path()) ? opensearchUrls : List.of(facadeUrl)).stream().map(URI::toString).toList();
    }

    /** The facade of this run: the local one, or -Dmailbench.target. */
    public URI facadeUrl() {
        return facadeUrl;
    }

    /** The facade's token for calls to it beside the load (its stats), null when it wants none. */
    public FacadeToken facadeToken() {
        return facadeToken;
    }

    /** The Authorization header the load sends to the facade (its token), or null: none, or the direct path. */
    public String facadeAuthorization() {
        return facadeToken == null || "direct".equals(config.path()) ? null : facadeToken.authorization();
    }

    /** The Authorization header of the direct path against staging, or null (the facade and the local node need none). */
    public String directAuthorization() {
        return "direct".equals(config.path()) && !config.local() && config.opensearchAccess().credentials() != null
            ? config.opensearchAccess().credentials().basicAuthorization() : null;
    }

    public Path feeders() {
        return feeders;
    }

    /** OpenSearch itself: the local node, or every -Dmailbench.opensearch host against a target (empty when not given). */
    /** The index the facade says it serves (its /health), null when it does not say. */
    public String facadeIndex() {
        return facadeIndex;
    }

    public List<URI> opensearchUrls() {
        return opensearchUrls;
    }

    /** How mailbench's own calls get into {@link #opensearchUrls()}: nothing for the local node, the knobs' CA and credentials on staging. */
    public OpenSearchAccess opensearchAccess() {
        return config.local() ? OpenSearchAccess.NONE : config.opensearchAccess();
    }

    /** Gatling's simulation.log of this run, once Gatling has written it (in the after hook). */
    public Optional<Path> simulationLog() {
        return gatlingRunDir().map(RunFolder::simulationLogIn);
    }

    /** A line in run.json's timeline and on the console. */
    public void event(String line) {
        record.event(line);
        say(line);
    }

    public BenchConfig config() {
        return config;
    }

    /** Called from the simulation's after hook: Gatling has closed simulation.log by then. */
    public void finish() {
        synchronized (lock) {
            if (finished) {
                return;
            }
            event("load finished");
            nodeSnapshot("after");
            boolean complete = summarize();
            record.status = complete ? "completed" : "incomplete";
            stopStack();
            finished = true;
            writeQuietly();
            results.send(folder, this::say);
        }
    }

    private void onJvmExit() {
        synchronized (lock) {
            if (!finished) {
                record.event("interrupted");
                record.status = "interrupted";
                record.reason = "the run was stopped before it finished (signal, crash or failed start); numbers cover what ran";
                if (hostCpu != null) {
                    nodeSnapshot("after");
                }
                summarize();
                stopStack();
                finished = true;
            }
            moveGatlingReport();
            writeQuietly();
            say("run folder: " + folder + " (" + record.status + ")");
        }
    }

    /** OpenSearch's stats and hot threads into logs/, when mailbench knows the node (local, or -Dmailbench.opensearch on a target). */
    private void nodeSnapshot(String when) {
        if (!opensearchUrls.isEmpty()) {
            NodeSnapshots.write(new OpenSearchHttp(opensearchUrls, opensearchAccess()), RunFolder.of(folder).logsDir(), when, record::event);
        }
    }

    /** What the facade's own bounds refused, so a run's 503s say which bound to look at. */
    private void facadeRefusals() {
        FacadeStats.Refusals end = refusalsAtStart == null ? null : FacadeStats.refusalsOrNull(facadeUrl, facadeToken);
        if (end == null) {
            return;
        }
        FacadeStats.Refusals refused = end.minus(refusalsAtStart);
        record.facadeRefused = new LinkedHashMap<>();
        record.facadeRefused.put("inFlight", refused.inFlight());
        record.facadeRefused.put("eventLoopLag", refused.eventLoopLag());
        say("  facade refused (503, warm-up included): " + refused.inFlight() + " past --max-in-flight, " + refused.eventLoopLag()
            + " past --max-event-loop-lag-ms");
    }

    private boolean summarize() {
        if (facadeMemory != null) {
            facadeMemory.stop(); // first: the load has ended, nothing of the run's own ending is counted
        }
        if (profiler != null) {
            profiler.stop();
        }
        if (hostCpu != null) {
            hostCpu.close();
            threadCpu.close();
            record.event(threadCpu.cost());
        }
        Optional<Path> gatlingRun = gatlingRunDir();
        if (gatlingRun.isEmpty()) {
            record.event("no simulation.log found under " + config.gatlingResults());
            profileSection(0);
            return false;
        }
        RunSummary.Builder builder = new RunSummary.Builder();
        Instant profileStart = profiler == null ? null : profiler.windowFrom();
        Instant profileStop = profiler == null ? null : profiler.windowTo();
        long[] inProfileWindow = {0};
        try {
            boolean complete = log.read(RunFolder.simulationLogIn(gatlingRun.get()), (name, start, end, ok, error) -> {
                builder.accept(name, start, end, ok, error);
                if (profileStart != null && profileStop != null && !name.startsWith(BenchConfig.WARM_UP_PREFIX)
                    && end >= profileStart.toEpochMilli() && end <= profileStop.toEpochMilli()) {
                    inProfileWindow[0]++;
                }
            });
            RunSummary summary = builder.build(complete).withProfile(profileSection(inProfileWindow[0]));
            long usualFrom = summary.window() == null ? 0 : summary.window().startMillis();
            long usualTo = summary.window() == null ? Long.MAX_VALUE : summary.window().endMillis();
            summary = summary.withErrors(ErrorWindowCauses.annotate(summary.errors(), hostCpu, threadCpu, usualFrom, usualTo,
                jvmPauses()));
            if (hostCpu != null && summary.window() != null) {
                summary = summary.withCpu(hostCpu.between(summary.window().startMillis(), summary.window().endMillis()));
            }
            summary = summary.withFacade(facadeSection(summary.measured().requests()));
            RunFolder.of(folder).writeSummary(summary);
            // the mergeable form of the same numbers: scale-out runs on several injectors are merged from it
            Optional<LatencyLog.Measured> latencies = builder.latencies();
            if (latencies.isPresent()) {
                RunFolder.of(folder).writeLatencies(latencies.get());
            }
            if (summary.window() != null) {
                record.measuredStart = Instant.ofEpochMilli(summary.window().startMillis());
                record.measuredEnd = Instant.ofEpochMilli(summary.window().endMillis());
            }
            say(SummaryTable.format(summary));
            facadeRefusals();
            return complete;
        } catch (IOException | RuntimeException e) {
            record.event("summary failed: " + e.getMessage());
            return false;
        }
    }

    /** The facade's allocation and GC pauses in the measured phase; null for a run without a single measured phase or on the direct path. */
    private FacadeSection facadeSection(long requests) {
        if (facadeMemory == null) {
            return null;
        }
        FacadeSection section = facadeMemory.section(requests);
        say("facade: " + (section.allocatedBytesPerRequest() == null ? "allocation not measured: " + section.note()
            : section.allocatedBytesPerRequest() + " bytes allocated per request, " + section.gcCount() + " GC pauses, "
            + section.gcMillis() + " ms"));
        return section;
    }

    /** The stack's JVMs' safepoint logs (none against a target: mailbench cannot see those JVMs). */
    private Map<String, JvmPauses> jvmPauses() {
        Map<String, JvmPauses> pauses = new LinkedHashMap<>();
        if (stack != null) {
            stack.gcLogs().forEach((role, log) -> pauses.put(role, JvmPauses.read(log)));
        }
        return pauses;
    }

    /** Fetches the capture into profile/ and notes in run.json whether there is one. */
    private ProfileSection profileSection(long requestsInWindow) {
        ProfileSection section = profiler == null ? ProfileSection.none("the run ended before the load started")
            : profiler.finish(RunFolder.of(folder).profileDir(), (start, stop) -> requestsInWindow);
        record.profile = new LinkedHashMap<>();
        record.profile.put("status", section.status());
        if (section.reason() != null) {
            record.profile.put("reason", section.reason());
        } else {
            record.profile.put("folder", RunFolder.PROFILE);
            say("profile: " + RunFolder.of(folder).eventLoopFlameGraph() + " (" + section.samples() + " samples, "
                + section.cpuMsPerRequest() + " CPU ms per request)");
        }
        return section;
    }

    /** Gatling's folder for this run: the newest one with a simulation.log written since the run started. */
    private Optional<Path> gatlingRunDir() {
        if (!Files.isDirectory(config.gatlingResults())) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(config.gatlingResults())) {
            return dirs.filter(dir -> Files.isRegularFile(RunFolder.simulationLogIn(dir)))
                .filter(dir -> RunFolder.simulationLogIn(dir).toFile().lastModified() >= startMillis - 1_000)
                .max(Comparator.comparingLong(dir -> RunFolder.simulationLogIn(dir).toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** At JVM exit Gatling has written its HTML report: move it into the run folder. */
    private void moveGatlingReport() {
        gatlingRunDir().ifPresent(dir -> {
            try {
                Files2.moveTree(dir, RunFolder.of(folder).gatlingReportDir());
                say("Gatling report: " + RunFolder.of(folder).gatlingReportDir().resolve("index.html"));
            } catch (IOException e) {
                record.event("could not move the Gatling report from " + dir + ": " + e.getMessage());
            }
        });
    }

    private void stopStack() {
        if (stack == null) {
            return;
        }
        say("stopping the local stack");
        stack.close();
        stack.copyLogsTo(RunFolder.of(folder).logsDir());
        record.event("local stack stopped");
        stack = null;
    }

    private Path runJson() {
        return RunFolder.of(folder).runJson();
    }

    private void writeQuietly() {
        record.end = Instant.now();
        try {
            record.write(runJson());
        } catch (IOException e) {
            System.err.println("[mailbench] could not write " + runJson() + ": " + e.getMessage());
        }
    }

    private void say(String line) {
        System.out.println("[mailbench] " + line);
    }
}
