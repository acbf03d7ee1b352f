package mailbench.run;

import static mailbench.run.KnobReaders.file;
import static mailbench.run.KnobReaders.injectedCostArgs;
import static mailbench.run.KnobReaders.readBulkIndex;
import static mailbench.run.KnobReaders.readBulkMatrix;
import static mailbench.run.KnobReaders.readFacadeCa;
import static mailbench.run.KnobReaders.readFacadeJvmArgs;
import static mailbench.run.KnobReaders.readIndex;
import static mailbench.run.KnobReaders.readNetwork;
import static mailbench.run.KnobReaders.readOpenSearchAccess;
import static mailbench.run.KnobReaders.readOpensearchJdk;
import static mailbench.run.KnobReaders.readProfiling;
import static mailbench.run.KnobReaders.requireGatlingJit;
import static mailbench.run.KnobReaders.url;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;
import mailbench.access.TlsTrust;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.indexing.BulkMatrix;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;
import mailbench.network.NetworkOptions;
import mailbench.profiler.CaptureSettings;
import mailbench.stack.NodeJdk;

/**
 * A load run's settings: the knobs of {@link Knobs}, read once from -D system properties (the only place that reads
 * them). A bad value fails the run before anything starts, naming the property and what it accepts.
 */
public record BenchConfig(
    URI target,
    List<URI> directTargets,
    OpenSearchAccess opensearchAccess,
    String variant,
    RequestPath path,
    int rate,
    int warmupSeconds,
    int durationSeconds,
    double p99Ms,
    double successPercent,
    Mix mix,
    CorpusSpec corpus,
    Path reportsDir,
    Path gatlingResults,
    String opensearchVersion,
    String opensearchHeap,
    String facadeHeap,
    String facadeOpensearchJava,
    List<String> facadeJvmArgs,
    List<String> facadeArgs,
    Profiling profiling,
    BulkMatrix bulk,
    LargeSource large,
    Path facadeTokenFile,
    Path facadeCa,
    NodeJdk opensearchJdk,
    URI stackOpensearch,
    Instant startAt,
    InjectorShare injector,
    String index,
    int replicas,
    NetworkOptions network,
    BulkIndex bulkIndex,
    String resultsUrl) {

    /** Whether and how the facade is profiled; {@code url} is set for a staging sidecar. */
    public record Profiling(boolean enabled, URI url, Path tokenFile, CaptureSettings settings, int trimSeconds, Path ca) {

        /** Trusting the JDK's CAs for an https sidecar. */
        public Profiling(boolean enabled, URI url, Path tokenFile, CaptureSettings settings, int trimSeconds) {
            this(enabled, url, tokenFile, settings, trimSeconds, null);
        }

        /** The CAs an https sidecar's certificate is checked against. */
        public TlsTrust trust() {
            return ca == null ? TlsTrust.JDK_DEFAULT : new TlsTrust(ca, null, null);
        }
    }

    /**
     * The index BulkIndexSimulation recreates for each cell and whether it may on a target; the knobs' names for its
     * messages ({@code BulkMatrixIndex}).
     */
    public record BulkIndex(String index, boolean deleteOnTarget) {

        public static final String INDEX_KNOB = Knobs.BULK_INDEX.name();
        public static final String DELETE_KNOB = Knobs.BULK_DELETE_ON_TARGET.name();
    }

    /** LargeSourceSimulation's load: hits per search and searches in flight. */
    public record LargeSource(int hits, int concurrency) {
    }

    /** Request mix in percent; the four shares add up to 100. */
    public record Mix(int text, int from, int range, int get) {
        public Mix {
            if (text + from + range + get != 100) {
                throw new IllegalArgumentException("-Dmailbench.mix.text/from/range/get must add up to 100, got "
                    + text + "+" + from + "+" + range + "+" + get);
            }
        }
    }

    public static BenchConfig fromSystemProperties() {
        return fromSystemProperties(Map.of());
    }

    /**
     * With a simulation's own defaults for some knobs ({@code knob name -> default}): a -D value still wins, and
     * run.json records the effective value ({@link #knobValues(Map)}).
     */
    public static BenchConfig fromSystemProperties(Map<String, String> defaults) {
        for (String name : defaults.keySet()) {
            if (Knobs.KNOBS.stream().noneMatch(knob -> knob.name().equals(name))) {
                throw new IllegalArgumentException("no knob " + name + " to give a default to");
            }
        }
        requireGatlingJit(ManagementFactory.getRuntimeMXBean().getInputArguments());
        RequestPath path = RequestPath.of(Knobs.PATH.value());
        String variant = Knobs.VARIANT.value();
        if (!variant.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("-Dmailbench.variant must be 1-64 of A-Z a-z 0-9 . _ -, got '" + variant + "'");
        }
        URI target = url(Knobs.TARGET);
        List<URI> direct = Knobs.OPENSEARCH.value().isEmpty() ? List.of()
            : OpenSearchUrls.parse(Knobs.OPENSEARCH.value(), "-D" + Knobs.OPENSEARCH.name());
        if (path == RequestPath.DIRECT && target != null && direct.isEmpty()) {
            throw new IllegalArgumentException("-Dmailbench.path=direct against a -Dmailbench.target needs -Dmailbench.opensearch=<OpenSearch URL>");
        }
        // locally the variant decides how the facade is started; a remote facade is what it is, the variant only labels it
        Variant local = target == null ? Variant.named(variant) : null;
        List<String> facadeArgs = new java.util.ArrayList<>(List.of("--event-loops", "" + Knobs.FACADE_EVENT_LOOPS.intValue(1, 64),
            "--io-threads", "" + Knobs.FACADE_IO_THREADS.intValue(1, 64),
            "--max-connections", "" + Knobs.FACADE_CONNECTIONS.intValue(1, 10_000),
            "--max-in-flight", "" + Knobs.FACADE_MAX_IN_FLIGHT.intValue(1, 100_000),
            "--max-event-loop-lag-ms", "" + Knobs.FACADE_MAX_EVENT_LOOP_LAG.intValue(0, 600_000)));
        if (local != null) {
            facadeArgs.addAll(local.facadeArgs());
            facadeArgs.addAll(injectedCostArgs());
        }
        Path tokenFile = file(Knobs.FACADE_TOKEN_FILE);
        if (tokenFile != null) {
            // read once here, so a missing or short token fails the run before anything starts, naming the knob
            FacadeToken.fromFileOrEnv(tokenFile, Map.of(), "-D" + Knobs.FACADE_TOKEN_FILE.name());
            if (local != null) {
                facadeArgs.addAll(List.of(FacadeToken.OPTION, tokenFile.toAbsolutePath().toString()));
            }
        }
        Instant startAt = StartAt.parse(Knobs.START_AT.value(), "-D" + Knobs.START_AT.name());
        int totalRate = Knobs.RATE.intValue(1, 100_000);
        InjectorShare injector = InjectorShare.read(System.getenv(), totalRate, target, startAt, Clock.systemUTC());
        String opensearchVersion = Knobs.OPENSEARCH_VERSION.value();
        String index = readIndex();
        return new BenchConfig(target, direct, readOpenSearchAccess(), variant, path, injector.rate(totalRate),
            knob(defaults, Knobs.WARMUP).intValue(0, 3_600), knob(defaults, Knobs.DURATION).intValue(1, 86_400),
            knob(defaults, Knobs.P99).doubleValue(0.001, 3_600_000), Knobs.SUCCESS.doubleValue(0, 100),
            new Mix(Knobs.MIX_TEXT.intValue(0, 100), Knobs.MIX_FROM.intValue(0, 100), Knobs.MIX_RANGE.intValue(0, 100),
                Knobs.MIX_GET.intValue(0, 100)),
            new CorpusSpec(Knobs.SEED.longValue(), knob(defaults, Knobs.MESSAGES).intValue(1, CorpusSpec.MAX_MESSAGES),
                knob(defaults, Knobs.USERS).intValue(1, CorpusSpec.MAX_USERS),
                knob(defaults, Knobs.ATTACHMENT_TEXT).intValue(0, CorpusSpec.MAX_ATTACHMENT_TEXT_BYTES)),
            injector.reportsDir(Path.of(Knobs.REPORTS.value())), Path.of(Knobs.GATLING_RESULTS.value()), opensearchVersion,
            Knobs.OPENSEARCH_HEAP.value(), Knobs.FACADE_HEAP.value(), local == null ? null : local.opensearchJava(), readFacadeJvmArgs(),
            List.copyOf(facadeArgs), readProfiling(), readBulkMatrix(),
            new LargeSource(Knobs.LARGE_HITS.intValue(1, 100), Knobs.LARGE_CONCURRENCY.intValue(1, 64)),
            tokenFile, readFacadeCa(), local == null ? null : readOpensearchJdk(opensearchVersion), local == null ? null : url(Knobs.STACK_OPENSEARCH),
            startAt, injector, index, Knobs.REPLICAS.intValue(0, 16), readNetwork(target, path), readBulkIndex(index),
            Knobs.RESULTS_URL.value());
    }

    /** The knob with a simulation's own default, if it gives one. */
    private static Knob knob(Map<String, String> defaults, Knob knob) {
        String simulationDefault = defaults.get(knob.name());
        return simulationDefault == null ? knob : new Knob(knob.name(), simulationDefault, knob.description());
    }

    /** The token a facade given as a target requires: -Dmailbench.facade.tokenFile, else $MAILBENCH_FACADE_TOKEN; null: none. */
    public FacadeToken facadeToken() {
        return FacadeToken.fromFileOrEnv(facadeTokenFile, System.getenv(), "-D" + Knobs.FACADE_TOKEN_FILE.name());
    }

    /** How the run gets into a facade given as a target: its token and, for https, -Dmailbench.facade.ca's CAs. */
    public FacadeAccess facadeAccess() {
        return FacadeAccess.of(facadeToken(), facadeCa, "-D" + Knobs.FACADE_CA.name());
    }

    public boolean local() {
        return target == null;
    }

    /** The effective value of every knob, for run.json. */
    public static Map<String, String> knobValues() {
        return knobValues(Map.of());
    }

    /** The effective value of every knob with a simulation's own defaults, for run.json. */
    public static Map<String, String> knobValues(Map<String, String> defaults) {
        Map<String, String> values = new LinkedHashMap<>();
        // URLs with credentials are refused before a run starts; masked here too, so none can reach run.json
        Knobs.KNOBS.forEach(knob -> values.put(knob.name(), OpenSearchUrls.mask(knob(defaults, knob).value())));
        return values;
    }
}
