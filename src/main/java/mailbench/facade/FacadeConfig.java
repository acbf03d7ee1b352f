package mailbench.facade;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;
import mailbench.facade.opensearch.ClientConfig;
import mailbench.facade.opensearch.ClientOptions;

/**
 * Everything the facade can be told, validated in one place. Each bad value is reported with
 * the option that set it and what would be accepted.
 */
public record FacadeConfig(
    String host,
    int port,
    List<URI> opensearch,
    String index,
    int shards,
    int eventLoops,
    int ioThreads,
    int maxConnections,
    int maxInFlight,
    int maxBodyBytes,
    int maxBulkItems,
    Duration connectTimeout,
    Duration responseTimeout,
    ClientOptions client,
    OpenSearchAccess access,
    int maxResponseBytes,
    int maxEventLoopLagMs,
    int replicas) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final String DEFAULT_OPENSEARCH = "http://127.0.0.1:9200";
    public static final String DEFAULT_INDEX = "mail";
    public static final int DEFAULT_SHARDS = 1;
    /** One node holds no replica; a staging cluster's index usually has one (--replicas 1). */
    public static final int DEFAULT_REPLICAS = 0;
    public static final int DEFAULT_EVENT_LOOPS = 1;
    public static final int DEFAULT_IO_THREADS = 1;
    /**
     * Connections to each OpenSearch host. The client's defaults (10 per route, 30 total) starve 1,000+ req/s; far more
     * than the node can serve at once only hurts: a node has a handful of search threads, and a pool as large as the
     * in-flight bound opened up to 1,000 connections on every hiccup (a 0.5 s freeze of the node took it from 7 to
     * 969-1,228), whose set-up cost CPU just when the stack was behind, so short stalls grew into error windows. With 64
     * the same freeze left 67 connections, no error window and no refusal (docs/results/2026-11-23-connection-pool.adoc).
     * Calls beyond wait in the client's queue for at most --pool-wait-timeout-ms; BackendDownIT checks that a full in-flight bound of
     * queued calls failing at once (HTTPCLIENT-2398's shape) leaves the client alive.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    /**
     * Sized in time: at 1,000 req/s a node that stops answering for 1 s piles up 1,000 calls, so a stall of up to a
     * second (a GC, a CPU-starved moment on a small host) is ridden out, not shed; 256 shed after a quarter second.
     * Not above OpenSearch's default search queue (1,000 per node), which would answer 429 before the facade sheds.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 1_000;
    public static final int DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
    public static final int DEFAULT_MAX_BULK_ITEMS = 10_000;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    /** The httpclient5 transport's own buffer limit for one answer; a larger one fails the call (502). */
    public static final int DEFAULT_MAX_RESPONSE_BYTES = 100 * 1024 * 1024;
    /**
     * A request read this late waited about as long unread. A cold facade's loop falls 0.25 s behind
     * on a burst of 50 new connections; past a second the queue is no blip but overload, still far
     * below a load generator's timeout (10 s).
     */
    public static final int DEFAULT_MAX_EVENT_LOOP_LAG_MS = 1_000;

    public FacadeConfig {
        require(host != null && !host.isBlank(), "--host must not be empty");
        require(port >= 0 && port <= 65535, "--port must be between 0 (any free port) and 65535, got " + port);
        require(opensearch != null && !opensearch.isEmpty(), "--opensearch needs at least one URL, e.g. " + DEFAULT_OPENSEARCH);
        for (URI uri : opensearch) {
            OpenSearchUrls.requireNoCredentials(uri, "--opensearch");
            require(("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null,
                "--opensearch must be http(s)://host:port URLs, got '" + uri + "'");
        }
        require(index != null && index.matches("[a-z0-9][a-z0-9._-]{0,200}"),
            "--index must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'), got '" + index + "'");
        require(shards >= 1 && shards <= 64, "--shards must be between 1 and 64, got " + shards);
        require(replicas >= 0 && replicas <= 16, "--replicas must be between 0 and 16, got " + replicas);
        require(eventLoops >= 1 && eventLoops <= 64, "--event-loops must be between 1 and 64, got " + eventLoops);
        require(ioThreads >= 1 && ioThreads <= 64, "--io-threads must be between 1 and 64, got " + ioThreads);
        require(maxConnections >= 1 && maxConnections <= 10_000,
            "--max-connections must be between 1 and 10000, got " + maxConnections);
        require(maxInFlight >= 1 && maxInFlight <= 100_000,
            "--max-in-flight must be between 1 and 100000, got " + maxInFlight);
        require(maxBodyBytes >= 1024, "--max-body-bytes must be at least 1024, got " + maxBodyBytes);
        require(maxBulkItems >= 1 && maxBulkItems <= 100_000,
            "--max-bulk-items must be between 1 and 100000, got " + maxBulkItems);
        require(connectTimeout != null && !connectTimeout.isNegative() && !connectTimeout.isZero(),
            "--connect-timeout-ms must be positive");
        require(responseTimeout != null && !responseTimeout.isNegative() && !responseTimeout.isZero(),
            "--response-timeout-ms must be positive");
        require(client != null, "--transport and --mapper must be given");
        require(access != null, "OpenSearch access must be given (OpenSearchAccess.NONE: JDK CAs, no credentials)");
        require(maxResponseBytes >= 1024, "--max-response-bytes must be at least 1024, got " + maxResponseBytes);
        require(maxEventLoopLagMs >= 0 && maxEventLoopLagMs <= 600_000,
            "--max-event-loop-lag-ms must be between 0 (never shed on lag) and 600000, got " + maxEventLoopLagMs);
        opensearch = List.copyOf(opensearch);
    }

    /** With no replica. */
    public FacadeConfig(String host, int port, List<URI> opensearch, String index, int shards, int eventLoops, int ioThreads,
                        int maxConnections, int maxInFlight, int maxBodyBytes, int maxBulkItems, Duration connectTimeout,
                        Duration responseTimeout, ClientOptions client, OpenSearchAccess access, int maxResponseBytes,
                        int maxEventLoopLagMs) {
        this(host, port, opensearch, index, shards, eventLoops, ioThreads, maxConnections, maxInFlight, maxBodyBytes, maxBulkItems,
            connectTimeout, responseTimeout, client, access, maxResponseBytes, maxEventLoopLagMs, DEFAULT_REPLICAS);
    }

    /** With the default event-loop lag bound. */
    public FacadeConfig(String host, int port, List<URI> opensearch, String index, int shards, int eventLoops, int ioThreads,
                        int maxConnections, int maxInFlight, int maxBodyBytes, int maxBulkItems, Duration connectTimeout,
                        Duration responseTimeout, ClientOptions client, OpenSearchAccess access, int maxResponseBytes) {
        this(host, port, opensearch, index, shards, eventLoops, ioThreads, maxConnections, maxInFlight, maxBodyBytes, maxBulkItems,
            connectTimeout, responseTimeout, client, access, maxResponseBytes, DEFAULT_MAX_EVENT_LOOP_LAG_MS);
    }

    /** With the default response buffer. */
    public FacadeConfig(String host, int port, List<URI> opensearch, String index, int shards, int eventLoops, int ioThreads,
                        int maxConnections, int maxInFlight, int maxBodyBytes, int maxBulkItems, Duration connectTimeout,
                        Duration responseTimeout, ClientOptions client, OpenSearchAccess access) {
        this(host, port, opensearch, index, shards, eventLoops, ioThreads, maxConnections, maxInFlight, maxBodyBytes, maxBulkItems,
            connectTimeout, responseTimeout, client, access, DEFAULT_MAX_RESPONSE_BYTES);
    }

    /** A facade for an OpenSearch reached with the JDK's CAs and no credentials (the local node). */
    public FacadeConfig(String host, int port, List<URI> opensearch, String index, int shards, int eventLoops, int ioThreads,
                        int maxConnections, int maxInFlight, int maxBodyBytes, int maxBulkItems, Duration connectTimeout,
                        Duration responseTimeout, ClientOptions client) {
        this(host, port, opensearch, index, shards, eventLoops, ioThreads, maxConnections, maxInFlight, maxBodyBytes, maxBulkItems,
            connectTimeout, responseTimeout, client, OpenSearchAccess.NONE);
    }

    public static FacadeConfig defaults() {
        return new FacadeConfig(DEFAULT_HOST, DEFAULT_PORT, List.of(URI.create(DEFAULT_OPENSEARCH)), DEFAULT_INDEX,
            DEFAULT_SHARDS, DEFAULT_EVENT_LOOPS, DEFAULT_IO_THREADS, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_BODY_BYTES,
            DEFAULT_MAX_BULK_ITEMS, DEFAULT_CONNECT_TIMEOUT, DEFAULT_RESPONSE_TIMEOUT, ClientOptions.DEFAULT);
    }

    /** What the OpenSearch client is built from; {@code poolWait}: the longest a call waits for a pooled connection. */
    public ClientConfig openSearchClient(Duration poolWait) {
        return new ClientConfig(opensearch, access, client, ioThreads, maxConnections, connectTimeout, poolWait, responseTimeout,
            maxResponseBytes);
    }

    public FacadeConfig withOpenSearch(URI url) {
        return withOpenSearch(List.of(url), access);
    }

    /** Other hosts, reached with {@code newAccess} (CAs and credentials). */
    public FacadeConfig withOpenSearch(List<URI> urls, OpenSearchAccess newAccess) {
        return new FacadeConfig(host, port, urls, index, shards, eventLoops, ioThreads, maxConnections, maxInFlight,
            maxBodyBytes, maxBulkItems, connectTimeout, responseTimeout, client, newAccess, maxResponseBytes, maxEventLoopLagMs, replicas);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
