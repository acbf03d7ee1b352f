package mailbench.knobs;

import java.util.List;

import mailbench.access.Credentials;
import mailbench.access.TlsTrust;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.Backend;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeToken;
import mailbench.facade.Listen;
import mailbench.facade.RequestLimits;
import mailbench.indexing.BulkMatrix;
import mailbench.network.NetworkProfile;
import mailbench.network.ToxiproxyBinary;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.SidecarToken;
import mailbench.stack.NodeJdk;
import mailbench.stack.NodeJit;
import mailbench.stack.StackOptions;

/**
 * Every knob of a load run with its default and description, the registry {@code mailbench.settings.BenchConfig} reads and run.json records;
 * docs/reference.adoc's table is checked against it by ReferenceDocTest.
 */
public final class Knobs {

    /** Where an injector's index comes from when -Dmailbench.injector.index is empty: Docker Swarm renders its slot here. */
    public static final String INJECTOR_INDEX_ENV = "MAILBENCH_INJECTOR_INDEX";
    /** Kubernetes' Indexed Job sets this itself. */
    public static final String KUBERNETES_INDEX_ENV = "JOB_COMPLETION_INDEX";

    public static final Knob TARGET = new Knob("mailbench.target", "",
        "Facade URL to drive (staging). Empty: start the local stack (embedded OpenSearch + facade) and load the corpus.");
    public static final Knob OPENSEARCH = new Knob("mailbench.opensearch", "",
        "Staging, beside -Dmailbench.target: OpenSearch URL(s), comma-separated, for the direct path (-Dmailbench.path=direct), the"
            + " node stats and hot threads a run keeps in logs/, and BulkIndexSimulation's index recreate and count (locally: the embedded node).");
    public static final Knob OPENSEARCH_CREDENTIALS_FILE = new Knob("mailbench.opensearch.credentialsFile", "",
        "Staging, -Dmailbench.opensearch's hosts (direct path, bulk matrix): file of one line username:password for basic auth (else $"
            + Credentials.USERNAME_ENV + " and $" + Credentials.PASSWORD_ENV + "). The password itself is never a knob: knobs go into run.json.");
    public static final Knob OPENSEARCH_CA = new Knob("mailbench.opensearch.ca", "",
        "Staging: CA certificate(s), PEM, that mailbench's own calls to -Dmailbench.opensearch trust (the bulk matrix's index"
            + " recreate and count); default: the JDK's CAs. Gatling's own requests do not verify certificates.");
    public static final Knob OPENSEARCH_TRUSTSTORE = new Knob("mailbench.opensearch.truststore", "",
        "Staging: a truststore (PKCS12 or JKS) instead of -Dmailbench.opensearch.ca; its password, if any, in $"
            + TlsTrust.TRUSTSTORE_PASSWORD_ENV + ".");
    public static final Knob INDEX = new Knob("mailbench.index", Backend.DEFAULT_INDEX,
        "The mail index on every path: the local stack's facade and corpus load, the direct path's searches and gets, the target"
            + " preflight, BulkIndexSimulation (unless -Dmailbench.bulk.index). Against a target it must be the facade's --index.");
    public static final Knob REPLICAS = new Knob("mailbench.index.replicas", "" + Backend.DEFAULT_REPLICAS,
        "Replicas of the mail index where mailbench creates it: the local stack's facade (--replicas) and BulkIndexSimulation's"
            + " recreate. 0 on one node; a staging index usually has 1.");
    public static final Knob VARIANT = new Knob("mailbench.variant", "default",
        "What is being compared, part of the run folder name. Locally one of the variants in mailbench.settings.Variant (how the facade"
        + " talks to OpenSearch); against a target any label.");
    public static final Knob PATH = new Knob("mailbench.path", "facade",
        "facade: requests go through the facade; direct: the same searches straight to OpenSearch's _search (the facade's cost as a ratio).");
    public static final Knob RATE = new Knob("mailbench.rate", "1000", "Requests per second in the measured phase (open model).");
    public static final Knob ARRIVALS = new Knob("mailbench.arrivals", "regular",
        "How the measured phase's requests are spaced at that rate: regular (evenly, Gatling's constantUsersPerSec) or random"
            + " (random gaps, its randomized). A duet night sends both sides at random unless named (docs/nightly.adoc#arrivals).");
    public static final Knob WARMUP = new Knob("mailbench.warmup", "240",
        "Seconds of warm-up (own request names, not measured): ramp 10%->60% of the rate for a third, hold 60% for a third,"
            + " ramp to 100% for a sixth, hold 100% for the last sixth.");
    public static final Knob DURATION = new Knob("mailbench.duration", "60", "Seconds of the measured constant-rate phase.");
    public static final Knob P99 = new Knob("mailbench.assert.p99Ms", "200",
        "Assertion: p99 response time of each measured request, in ms. A health gate, not the 50 ms benchmark aim:"
            + " on 2 shared cores five default runs that held the rate had a measured p99 of 9-80 ms, one that met a node stall 1,201 ms.");
    public static final Knob SUCCESS = new Knob("mailbench.assert.successPercent", "99", "Assertion: minimum % of OK responses per measured request.");
    public static final Knob MIX_TEXT = new Knob("mailbench.mix.text", "40", "% of requests: full-text search in a mailbox.");
    public static final Knob MIX_FROM = new Knob("mailbench.mix.from", "20", "% of requests: search by sender.");
    public static final Knob MIX_RANGE = new Knob("mailbench.mix.range", "20", "% of requests: date-range listing.");
    public static final Knob MIX_GET = new Knob("mailbench.mix.get", "20", "% of requests: get one message by id.");
    public static final Knob SEED = new Knob(CorpusSpec.SEED_KNOB, "" + CorpusSpec.DEFAULT_SEED, "Corpus seed (corpus and feeders).");
    public static final Knob MESSAGES = new Knob(CorpusSpec.MESSAGES_KNOB, "" + CorpusSpec.DEFAULT_MESSAGES, "Messages in the corpus.");
    public static final Knob USERS = new Knob(CorpusSpec.USERS_KNOB, "" + CorpusSpec.DEFAULT_USERS, "Users (one mailbox each).");
    public static final Knob ATTACHMENT_TEXT = new Knob(CorpusSpec.ATTACHMENT_TEXT_KNOB, "0",
        "Bytes of text extracted from attachments that every message carries (kept in _source, not searchable); 0: none, the plain corpus.");
    public static final Knob REPORTS = new Knob("mailbench.reportsDir", "reports", "Where run folders are written.");
    public static final Knob GATLING_RESULTS = new Knob("mailbench.gatlingResults", "target/gatling",
        "Gatling's own results folder (a pom.xml property; several injectors in one checkout need one each); its run is moved into the run folder.");
    public static final Knob OPENSEARCH_VERSION = new Knob("mailbench.opensearch.version", StackOptions.DEFAULT_OPENSEARCH_VERSION,
        "Version of the embedded OpenSearch node.");
    public static final Knob OPENSEARCH_JAVA_HOME = new Knob("mailbench.opensearch.javaHome", "",
        "JDK home the embedded node runs on (OpenSearch 3.x needs 21+); empty: $" + NodeJdk.ENV + ", else the JDK running the run.");
    public static final Knob OPENSEARCH_HEAP = new Knob("mailbench.opensearch.heap", StackOptions.DEFAULT_OPENSEARCH_HEAP, "Heap of the embedded node.");
    public static final Knob OPENSEARCH_JIT = new Knob("mailbench.opensearch.jit", "tiered",
        "JIT compilers of the embedded node's JVM: tiered (the JVM's default, C1 then C2) or c1 (-XX:TieredStopAtLevel=1), for short"
            + " runs that check behaviour, never speed (the test suite's). A node given by -Dmailbench.stack.opensearch is what it is.");
    public static final Knob FACADE_HEAP = new Knob("mailbench.facade.heap", StackOptions.DEFAULT_FACADE_HEAP, "Heap of the local facade.");
    public static final Knob FACADE_EVENT_LOOPS = new Knob("mailbench.facade.eventLoops", "" + Listen.DEFAULT_EVENT_LOOPS,
        "Local facade: Vert.x event loops.");
    public static final Knob FACADE_MAX_EVENT_LOOP_LAG = new Knob("mailbench.facade.maxEventLoopLagMs",
        "" + RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, "Local facade: event-loop lag past which it answers 503 at once; 0: never.");
    public static final Knob FACADE_IO_THREADS = new Knob("mailbench.facade.ioThreads", "" + ClientSettings.DEFAULT_IO_THREADS,
        "Local facade: opensearch-java I/O reactor threads (the client event loop).");
    public static final Knob FACADE_CONNECTIONS = new Knob("mailbench.facade.maxConnections",
        "" + ClientSettings.DEFAULT_MAX_CONNECTIONS,
        "Local facade: connections to OpenSearch.");
    public static final Knob FACADE_MAX_IN_FLIGHT = new Knob("mailbench.facade.maxInFlight", "" + RequestLimits.DEFAULT_MAX_IN_FLIGHT,
        "Local facade: OpenSearch calls waiting at once, past which it answers 503 at once.");

    public static final Knob FACADE_TOKEN_FILE = new Knob("mailbench.facade.tokenFile", "",
        "File holding the facade's token, sent as Authorization: Bearer by the simulations, the corpus loader and the run's /health"
            + " and stats calls; else $" + FacadeToken.ENV + ". Locally the stack's facade is started with it (--token-file).");
    public static final Knob FACADE_CA = new Knob("mailbench.facade.ca", "",
        "Staging, an https -Dmailbench.target: CA certificate(s), PEM, its certificate is checked against, by the load's requests"
            + " and the run's own calls (health, preflight, stats); only these CAs are trusted. Default: the JDK's CAs for the run's"
            + " calls, no check by Gatling.");
    public static final Knob FACADE_JVM_ARGS = new Knob("mailbench.facade.jvmArgs", "",
        "Local facade: extra JVM options, space-separated (e.g. -XX:+UseParallelGC).");
    /** The JVM option of C1-only compilation: a small host's facades get it, and Gatling's JVM with GATLING_JIT=c1 (pom profile gatling-c1). */
    public static final String C1_ONLY = NodeJit.C1_ONLY;
    public static final Knob GATLING_JIT = new Knob("mailbench.gatling.jit", "tiered",
        "JIT compilers of Gatling's own JVM: tiered (the JVM's default, C1 then C2) or c1 (-XX:TieredStopAtLevel=1, which the"
            + " pom's profile gatling-c1 adds to the JVM mvn gatling:test forks). A duet night leaves it as named, also where its facades run C1.");
    public static final Knob FACADE_INJECT_CPU = new Knob("mailbench.facade.injectCpuMicros", "0",
        "Local facade, calibration: microseconds of CPU (fixed work calibrated at the facade's start) on the client's I/O thread for every search and get (a known cost a"
            + " comparison must detect, docs/nightly.adoc); 0: none. Shown in the facade's /health and the run's versions.");
    public static final Knob FACADE_INJECT_ALLOC = new Knob("mailbench.facade.injectAllocBytes", "0",
        "Local facade, calibration: heap bytes allocated for every search and get; 0: none.");
    public static final Knob STACK_OPENSEARCH = new Knob("mailbench.stack.opensearch", "",
        "Local stack: URL of an OpenSearch that runs already (a night's shared node): no node is started, the corpus goes into its"
            + " index -Dmailbench.index (mail) unless there already, the facade and the profiler start as usual. Empty: start an embedded node.");
    public static final Knob STACK_SEARCH_WARMUP = new Knob("mailbench.stack.searchWarmUpSeconds",
        Long.toString(StackOptions.SEARCH_WARM_UP.toSeconds()),
        "Local stack: seconds of the feeders' searches, a few at a time (a closed loop that cannot queue), after the corpus is"
            + " loaded and before the load's warm-up, so a fresh node and facade compile their search path without 503s; 0-600,"
            + " 0: none (a short run's facade may then still be compiling in its measured phase).");
    public static final Knob NETWORK = new Knob("mailbench.network", NetworkProfile.NONE.name(),
        "Local stack: the network between the boxes, one of " + NetworkProfile.names() + ": Toxiproxy's proxies on the client hop"
            + " (Gatling to the facade) and the node hop (the facade to OpenSearch) with the profile's latency, jitter and bandwidth"
            + " (docs/network.adoc). none: loopback, no proxy, no tool.");
    public static final Knob TOXIPROXY_BIN = new Knob("mailbench.toxiproxy.bin", "",
        "With -Dmailbench.network: the toxiproxy-server to run. Empty: toxiproxy-server on PATH, else the one cached in"
            + " ~/.cache/mailbench/toxiproxy/v" + ToxiproxyBinary.VERSION + "/ ($XDG_CACHE_HOME instead of ~/.cache when set), else built"
            + " there once by go install when go is on PATH.");
    public static final Knob START_AT = new Knob("mailbench.startAt", "",
        "An agreed start, epoch milliseconds or an ISO-8601 instant: the stack starts, then no request is sent before it. Runs"
            + " given the same value load in the same seconds (a night's duet). Empty: at once.");
    public static final Knob INJECTOR_COUNT = new Knob("mailbench.injector.count", "1",
        "Injectors that send one load together, each at its share of -Dmailbench.rate (the total); more than 1 needs"
            + " -Dmailbench.target and -Dmailbench.startAt, the same for all (docs/injectors.adoc).");
    public static final Knob INJECTOR_INDEX = new Knob("mailbench.injector.index", "",
        "This injector's index, 0 to count-1: its share of the rate and its run folder under <reportsDir>/injector-<index>/. Empty: $"
            + INJECTOR_INDEX_ENV + ", else $" + KUBERNETES_INDEX_ENV + " (Kubernetes), else 0 when alone.");
    public static final Knob PROFILER = new Knob("mailbench.profiler", "true",
        "Profile the facade during the measured phase (locally a sidecar is started; on staging it needs -Dmailbench.profiler.url).");
    public static final Knob PROFILER_URL = new Knob("mailbench.profiler.url", "",
        "Staging: control URL of a profiler sidecar started by hand next to the facade (mailbench.jar profiler serve).");
    public static final Knob PROFILER_TOKEN_FILE = new Knob("mailbench.profiler.tokenFile", "",
        "Staging: file holding the sidecar's token (else $" + SidecarToken.ENV + "). The token itself is never a knob: knobs go into run.json.");
    public static final Knob PROFILER_CA = new Knob("mailbench.profiler.ca", "",
        "Staging, an https -Dmailbench.profiler.url: CA certificate(s), PEM, the sidecar's certificate is checked against; default:"
            + " the JDK's CAs.");
    public static final Knob PROFILER_EVENT = new Knob("mailbench.profiler.event", CaptureSettings.DEFAULT_EVENT,
        "What async-profiler samples: itimer (CPU time, no perf_events needed), cpu (perf_events) or wall.");
    public static final Knob PROFILER_INTERVAL = new Knob("mailbench.profiler.intervalMs", "" + CaptureSettings.DEFAULT_INTERVAL_MS,
        "Sampling interval in ms, 1-1000; for itimer at least " + CaptureSettings.ITIMER_MIN_INTERVAL_MS + " (the kernel tick at 250 Hz).");
    public static final Knob PROFILER_ALLOC_BYTES = new Knob("mailbench.profiler.allocBytes", "" + CaptureSettings.DEFAULT_ALLOC_BYTES,
        "In the same session, one heap allocation sample every this many bytes allocated (the allocation flame graph), at least "
            + CaptureSettings.MIN_ALLOC_BYTES + "; 0: none.");
    public static final Knob PROFILER_TRIM = new Knob("mailbench.profiler.trimSeconds", "5",
        "The profile keeps the samples from this long after the measured phase starts to this long before it ends (at most a quarter of it each).");

    public static final Knob BULK_SIZES = new Knob("mailbench.bulk.sizes", "1,10,100,1000",
        "BulkIndexSimulation: documents per bulk request, comma-separated (one row of the matrix each).");
    public static final Knob BULK_CONCURRENCY = new Knob("mailbench.bulk.concurrency", "1,4,8,16",
        "BulkIndexSimulation: bulk requests in flight at once, comma-separated (one column of the matrix each).");
    public static final Knob BULK_DOCS = new Knob("mailbench.bulk.docs", "10000",
        "BulkIndexSimulation: documents each cell sends (the same ones in every cell, onto a fresh index).");
    public static final Knob BULK_WARMUP_DOCS = new Knob("mailbench.bulk.warmupDocs", "5000",
        "BulkIndexSimulation: documents sent before the matrix (bulks of " + BulkMatrix.WARM_UP_SIZE + ", " + BulkMatrix.WARM_UP_CONCURRENCY
            + " in flight), not measured; 0: none.");
    public static final Knob BULK_INVALID_EVERY = new Knob("mailbench.bulk.invalidEvery", "0",
        "BulkIndexSimulation: make every N-th document invalid (an unknown field), to see per-item failures counted; 0: none.");
    public static final Knob BULK_INDEX = new Knob("mailbench.bulk.index", "",
        "BulkIndexSimulation: the index deleted, recreated and counted around every cell; the facade must serve it. Empty: -Dmailbench.index.");
    public static final Knob BULK_DELETE_ON_TARGET = new Knob("mailbench.bulk.deleteIndexOnTarget", "false",
        "BulkIndexSimulation against -Dmailbench.target: true confirms that -Dmailbench.bulk.index may be deleted there; refused without.");

    public static final Knob LARGE_HITS = new Knob("mailbench.large.hits", "5",
        "LargeSourceSimulation: hits per search (the facade's limit), each a whole message with its attachment text.");
    public static final Knob LARGE_CONCURRENCY = new Knob("mailbench.large.concurrency", "2",
        "LargeSourceSimulation: searches in flight (closed model: each virtual user sends its next search when the last is answered).");

    public static final Knob RESULTS_URL = new Knob("mailbench.results.url", "",
        "OpenSearch URL(s) that receive this run's document in the mailbench-results index when it finishes; empty: none.");

    /** Every knob above, in the order run.json records them. */
    public static final List<Knob> KNOBS = List.of(TARGET, OPENSEARCH, VARIANT, PATH, INDEX, REPLICAS, OPENSEARCH_CREDENTIALS_FILE, OPENSEARCH_CA,
        OPENSEARCH_TRUSTSTORE, RATE, ARRIVALS, WARMUP, DURATION,
        P99, SUCCESS, MIX_TEXT, MIX_FROM, MIX_RANGE, MIX_GET, SEED, MESSAGES, USERS, REPORTS, GATLING_RESULTS, OPENSEARCH_VERSION,
        OPENSEARCH_JAVA_HOME,
        OPENSEARCH_HEAP, OPENSEARCH_JIT, FACADE_HEAP, FACADE_EVENT_LOOPS, FACADE_MAX_EVENT_LOOP_LAG, FACADE_IO_THREADS, FACADE_CONNECTIONS, FACADE_MAX_IN_FLIGHT,
        FACADE_JVM_ARGS, GATLING_JIT,
        FACADE_TOKEN_FILE, FACADE_CA, FACADE_INJECT_CPU, FACADE_INJECT_ALLOC, STACK_OPENSEARCH, STACK_SEARCH_WARMUP, NETWORK, TOXIPROXY_BIN, START_AT, INJECTOR_COUNT, INJECTOR_INDEX,
        PROFILER, PROFILER_URL, PROFILER_TOKEN_FILE, PROFILER_CA, PROFILER_EVENT, PROFILER_INTERVAL, PROFILER_ALLOC_BYTES, PROFILER_TRIM,
        BULK_SIZES, BULK_CONCURRENCY, BULK_DOCS, BULK_WARMUP_DOCS, BULK_INVALID_EVERY, BULK_INDEX, BULK_DELETE_ON_TARGET,
        ATTACHMENT_TEXT, LARGE_HITS, LARGE_CONCURRENCY, RESULTS_URL);

    private Knobs() {
    }
}
