package mailbench.facade;

import java.time.Duration;

import mailbench.facade.opensearch.ClientOptions;

/**
 * How the facade's opensearch-java client is built and how long its calls may take: the transport, mapper and projection
 * ({@link ClientOptions}), its I/O threads, its connections to each host, its timeouts and its buffer for one answer.
 */
public record ClientSettings(ClientOptions options, int ioThreads, int maxConnections, Duration connectTimeout,
                             Duration responseTimeout, int maxResponseBytes) {

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
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    /** The httpclient5 transport's own buffer limit for one answer; a larger one fails the call (502). */
    public static final int DEFAULT_MAX_RESPONSE_BYTES = 100 * 1024 * 1024;

    public static final ClientSettings DEFAULTS = of(ClientOptions.DEFAULT);

    public ClientSettings {
        Checks.require(options != null, "--transport and --mapper must be given");
        Checks.require(ioThreads >= 1 && ioThreads <= 64, "--io-threads must be between 1 and 64, got " + ioThreads);
        Checks.require(maxConnections >= 1 && maxConnections <= 10_000,
            "--max-connections must be between 1 and 10000, got " + maxConnections);
        Checks.require(connectTimeout != null && !connectTimeout.isNegative() && !connectTimeout.isZero(),
            "--connect-timeout-ms must be positive");
        Checks.require(responseTimeout != null && !responseTimeout.isNegative() && !responseTimeout.isZero(),
            "--response-timeout-ms must be positive");
        Checks.require(maxResponseBytes >= 1024, "--max-response-bytes must be at least 1024, got " + maxResponseBytes);
    }

    /** The defaults with these client options. */
    public static ClientSettings of(ClientOptions options) {
        return new ClientSettings(options, DEFAULT_IO_THREADS, DEFAULT_MAX_CONNECTIONS, DEFAULT_CONNECT_TIMEOUT,
            DEFAULT_RESPONSE_TIMEOUT, DEFAULT_MAX_RESPONSE_BYTES);
    }
}
