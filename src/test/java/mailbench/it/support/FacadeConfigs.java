package mailbench.it.support;

import java.net.URI;
import java.time.Duration;

import mailbench.access.OpenSearchAccess;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.Listen;
import mailbench.facade.RequestLimits;

/** Facade configurations as tests need them: another port or index than the options give, validated as they are. */
public final class FacadeConfigs {

    private FacadeConfigs() {
    }

    /** The defaults on {@code opensearch}, on any free port, with its own {@code index}: what most facade tests start. */
    public static FacadeConfig onFreePort(URI opensearch, String index) {
        return withIndex(withPort(FacadeConfig.defaults().withOpenSearch(opensearch), 0), index);
    }

    public static FacadeConfig withPort(FacadeConfig c, int port) {
        return c.with(new Listen(c.listen().host(), port, c.listen().eventLoops()));
    }

    /** With the OpenSearch {@code url} reached with {@code access}, and {@code replicas} when the facade creates its index. */
    public static FacadeConfig secured(URI url, OpenSearchAccess access, String index, int replicas) {
        FacadeConfig c = onFreePort(url, index).withOpenSearch(java.util.List.of(url), access);
        ClientSettings client = c.client();
        return c.with(new mailbench.facade.Backend(c.backend().opensearch(), access, index, c.backend().shards(), replicas))
            .with(new ClientSettings(client.options(), client.ioThreads(), client.maxConnections(), Duration.ofSeconds(10),
                client.responseTimeout(), client.maxResponseBytes()));
    }

    public static FacadeConfig withIndex(FacadeConfig c, String index) {
        return c.with(c.backend().withIndex(index));
    }

    /** With {@code --max-body-bytes} set to {@code bytes}. */
    public static FacadeConfig withMaxBodyBytes(FacadeConfig c, int bytes) {
        RequestLimits l = c.limits();
        return c.with(new RequestLimits(l.maxInFlight(), l.maxEventLoopLagMs(), bytes, l.maxBulkItems()));
    }
}
