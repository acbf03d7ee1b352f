package mailbench.cli;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.access.OpenSearchUrls;
import mailbench.access.ServerTls;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.ClientPatches;
import mailbench.facade.opensearch.ClientVersion;
import mailbench.facade.opensearch.InjectedCost;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench facade}: the facade alone, in front of an OpenSearch that runs elsewhere. */
@Command(name = "facade", mixinStandardHelpOptions = true,
    description = "Run the mail facade against an existing OpenSearch (staging, docker, or the stack's node).")
final class FacadeCommand implements Callable<Integer> {

    /** EX_SOFTWARE: an internal fault, distinct from bad options (2). */
    static final int CLIENT_DEATH_EXIT = 70;

    @Option(names = "--opensearch", description = "OpenSearch URL(s), comma-separated or the option repeated; requests are spread"
        + " over them; never with credentials in them (default: ${DEFAULT-VALUE})", defaultValue = FacadeConfig.DEFAULT_OPENSEARCH)
    List<String> opensearch;

    @Mixin
    OpenSearchAccessOptions access;

    @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE})", defaultValue = FacadeConfig.DEFAULT_HOST)
    String host;

    @Option(names = "--port", description = "Port to listen on, 0 = any free port (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_PORT)
    int port;

    @Option(names = "--index", description = "Mail index name (default: ${DEFAULT-VALUE})", defaultValue = FacadeConfig.DEFAULT_INDEX)
    String index;

    @Option(names = "--shards", description = "Primary shards when the facade creates the index (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_SHARDS)
    int shards;

    @Option(names = "--replicas", description = "Replicas when the facade creates the index; an index that exists keeps its own"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "" + FacadeConfig.DEFAULT_REPLICAS)
    int replicas;

    @Option(names = "--event-loops", description = "Vert.x event loops serving HTTP, one server each on the same port"
        + " (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_EVENT_LOOPS)
    int eventLoops;

    @Option(names = "--io-threads", description = "opensearch-java I/O reactor threads (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_IO_THREADS)
    int ioThreads;

    @Option(names = "--max-connections", description = "Connections to each OpenSearch host (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_MAX_CONNECTIONS)
    int maxConnections;

    @Option(names = "--max-in-flight", description = "OpenSearch calls waiting at once; beyond, 503 at once (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_MAX_IN_FLIGHT)
    int maxInFlight;

    @Option(names = "--max-event-loop-lag-ms", description = "When the event loop runs this far behind (requests waited unread"
        + " about as long), new requests get 503 at once; 0: never (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_MAX_EVENT_LOOP_LAG_MS)
    int maxEventLoopLagMs;

    @Option(names = "--max-body-bytes", description = "Largest request body accepted, else 413 (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_MAX_BODY_BYTES)
    int maxBodyBytes;

    @Option(names = "--max-bulk-items", description = "Most messages in one bulk request, else 413 (default: ${DEFAULT-VALUE})",
        defaultValue = "" + FacadeConfig.DEFAULT_MAX_BULK_ITEMS)
    int maxBulkItems;

    @Option(names = "--max-response-bytes", description = "Largest OpenSearch answer the facade buffers (httpclient5), else 502"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "" + FacadeConfig.DEFAULT_MAX_RESPONSE_BYTES)
    int maxResponseBytes;

    @Option(names = "--connect-timeout-ms", description = "Connect timeout to OpenSearch (default: ${DEFAULT-VALUE})",
        defaultValue = "1000")
    long connectTimeoutMs;

    @Option(names = "--response-timeout-ms", description = "Response timeout from OpenSearch, then 504 (default: ${DEFAULT-VALUE})",
        defaultValue = "30000")
    long responseTimeoutMs;

    @Option(names = "--pool-wait-timeout-ms", description = "Longest wait for a pooled OpenSearch connection, then 503; a call's"
        + " whole time is bounded by this + connect + response timeouts + 1 s (default: ${DEFAULT-VALUE})",
        defaultValue = "5000")
    long poolWaitTimeoutMs;

    @Mixin
    InboundOptions inbound;

    @Mixin
    MemoryBoundOptions memory;

    @Mixin
    ExposureOptions exposure;

    @Mixin
    ServerTlsOptions tls;

    @Option(names = "--transport", description = "httpclient5 (ApacheHttpClient5Transport) or rest-client (RestClientTransport)"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "httpclient5")
    String transport;

    @Option(names = "--mapper", description = "shared: one JSON mapper; per-request: a new client and mapper per request, a"
        + " measured anti-pattern, needs --transport rest-client (default: ${DEFAULT-VALUE})", defaultValue = "shared")
    String mapper;

    @Option(names = "--projection", description = "Where a search hit's fields come from: doc-values (no stored field read, each hit's"
        + " fields decoded as generic JSON), doc-values-typed (the same, decoded as lists of strings) or source (_id and a filtered _source, typed), source-generic (the same, decoded into JsonData) or source-full (_id and the"
        + " whole _source, typed) (default: ${DEFAULT-VALUE})", defaultValue = "doc-values")
    String projection;

    @Option(names = "--response-compression", description = "client-default: as the client library does (httpclient5 5.6, under"
        + " opensearch-java 3.x, asks OpenSearch for gzip and inflates every answer); off: never ask (default: ${DEFAULT-VALUE})",
        defaultValue = "client-default")
    String responseCompression;

    @Option(names = "--response-buffer", description = "client: the transport's own answer buffer (sized from the first chunk,"
        + " then copied); sized: one array sized from Content-Length, no copy; httpclient5 only (default: ${DEFAULT-VALUE})",
        defaultValue = "client")
    String responseBuffer;

    @Option(names = "--inject-cpu-micros", description = "Calibration: spend this many microseconds of CPU (fixed work,"
        + " calibrated at start) on the client's I/O thread for every search and get, a known cost a comparison must detect; 0: none (default: ${DEFAULT-VALUE})",
        defaultValue = "0")
    int injectCpuMicros;

    @Option(names = "--inject-alloc-bytes", description = "Calibration: allocate this many heap bytes for every search and get;"
        + " 0: none (default: ${DEFAULT-VALUE})", defaultValue = "0")
    int injectAllocBytes;

    @Option(names = ClientPatches.OPTION, paramLabel = "<name>", description = "Run with this client patch (a stand-in for one"
        + " opensearch-java class, to measure a change proposed upstream); refused unless target/client-patches/<name> is ahead of"
        + " the client on this JVM's classpath, which the local stack arranges for the variant of that name (default: none)")
    String clientPatch;

    @Mixin
    ChildOptions child;

    @Override
    public Integer call() throws Exception {
        if (clientPatch != null) {
            ClientPatches.requireInEffect(clientPatch);
        }
        List<URI> hosts = OpenSearchUrls.parse(String.join(",", opensearch), "--opensearch");
        FacadeConfig config = new FacadeConfig(host, port, hosts, index, shards, eventLoops, ioThreads, maxConnections,
            maxInFlight, maxBodyBytes, maxBulkItems, Duration.ofMillis(connectTimeoutMs), Duration.ofMillis(responseTimeoutMs),
            new ClientOptions(ClientOptions.Transport.of(transport), ClientOptions.Mapper.of(mapper), ClientOptions.Projection.of(projection),
                ClientOptions.ResponseCompression.of(responseCompression), new InjectedCost(injectCpuMicros, injectAllocBytes),
                ClientOptions.ResponseBuffer.of(responseBuffer)),
            access.access(), maxResponseBytes, maxEventLoopLagMs, replicas);
        FacadeGuards guards = new FacadeGuards(inbound.connections(), inbound.timeouts(), memory.bounds(), exposure.exposure(),
            Duration.ofMillis(poolWaitTimeoutMs));
        ServerTls serverTls = tls.tls();
        child.watchParent();
        FacadeServer server = FacadeServer.start(config, guards, serverTls, FacadeCommand::exitOnClientDeath);
        CountDownLatch stopped = ChildOptions.onShutdown(server::close, "facade-shutdown");
        String url = serverTls.scheme() + "://" + config.host() + ":" + server.port();
        System.out.println("facade: " + url + " (OpenSearch " + config.opensearch() + ", index " + config.index() + ", opensearch-java "
            + ClientVersion.opensearchJava() + ", transport " + transport + ", mapper " + mapper
            + ", projection " + projection + ", response compression " + responseCompression + ", response buffer " + responseBuffer
            + ", injected cost " + config.client().injectedCost().describe() + ", client patch " + ClientPatches.inEffect() + "; "
            + config.access().describe() + "; serving "
            + serverTls.describe() + ")");
        child.announceReady(url);
        stopped.await();
        return 0;
    }

    /** The client cannot be revived in place: a new process (started by a supervisor, or by hand) gets a sound one. */
    private static void exitOnClientDeath(String problem) {
        System.err.println("error: " + problem + "; the facade exits (code " + CLIENT_DEATH_EXIT + ")");
        System.exit(CLIENT_DEATH_EXIT);
    }
}
