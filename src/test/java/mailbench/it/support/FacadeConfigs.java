package mailbench.it.support;

import java.net.URI;

import mailbench.facade.FacadeConfig;

/** Facade configurations as tests need them: another port or index than the options give, validated as they are. */
public final class FacadeConfigs {

    private FacadeConfigs() {
    }

    /** The defaults on {@code opensearch}, on any free port, with its own {@code index}: what most facade tests start. */
    public static FacadeConfig onFreePort(URI opensearch, String index) {
        return withIndex(withPort(FacadeConfig.defaults().withOpenSearch(opensearch), 0), index);
    }

    public static FacadeConfig withPort(FacadeConfig c, int port) {
        return with(c, port, c.index());
    }

    /** With the OpenSearch {@code url} reached with {@code access}, and {@code replicas} when the facade creates its index. */
    public static FacadeConfig secured(URI url, mailbench.access.OpenSearchAccess access, String index, int replicas) {
        FacadeConfig c = onFreePort(url, index).withOpenSearch(java.util.List.of(url), access);
        return new FacadeConfig(c.host(), c.port(), c.opensearch(), index, c.shards(), c.eventLoops(), c.ioThreads(), c.maxConnections(),
            c.maxInFlight(), c.maxBodyBytes(), c.maxBulkItems(), java.time.Duration.ofSeconds(10), c.responseTimeout(), c.client(),
            c.access(), c.maxResponseBytes(), c.maxEventLoopLagMs(), replicas);
    }

    public static FacadeConfig withIndex(FacadeConfig c, String index) {
        return with(c, c.port(), index);
    }

    /** With {@code --max-body-bytes} set to {@code bytes}. */
    public static FacadeConfig withMaxBodyBytes(FacadeConfig c, int bytes) {
        return with(c, c.port(), c.index(), bytes);
    }

    private static FacadeConfig with(FacadeConfig c, int port, String index) {
        return with(c, port, index, c.maxBodyBytes());
    }

    private static FacadeConfig with(FacadeConfig c, int port, String index, int maxBodyBytes) {
        return new FacadeConfig(c.host(), port, c.opensearch(), index, c.shards(), c.eventLoops(), c.ioThreads(), c.maxConnections(),
            c.maxInFlight(), maxBodyBytes, c.maxBulkItems(), c.connectTimeout(), c.responseTimeout(), c.client(), c.access(),
            c.maxResponseBytes(), c.maxEventLoopLagMs(), c.replicas());
    }
}
