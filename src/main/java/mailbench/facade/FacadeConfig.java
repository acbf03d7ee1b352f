package mailbench.facade;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.facade.opensearch.ClientConfig;

/**
 * Everything the facade can be told about its work, one small record per concern: where it serves ({@link Listen}), the
 * OpenSearch and index it fronts ({@link Backend}), its client ({@link ClientSettings}) and what a request may ask
 * ({@link RequestLimits}). Each group validates its own values and owns its defaults; a bad value is reported with the
 * option that set it and what would be accepted. How the facade protects itself is {@link FacadeGuards}.
 */
public record FacadeConfig(Listen listen, Backend backend, ClientSettings client, RequestLimits limits) {

    public FacadeConfig {
        Checks.require(listen != null && backend != null && client != null && limits != null,
            "listen, backend, client and limits must be given (each has DEFAULTS)");
    }

    public static FacadeConfig defaults() {
        return new FacadeConfig(Listen.DEFAULTS, Backend.DEFAULTS, ClientSettings.DEFAULTS, RequestLimits.DEFAULTS);
    }

    /** The defaults on loopback at any free port, in front of one OpenSearch reached without credentials: a test's facade. */
    public static FacadeConfig local(URI opensearch, String index) {
        return new FacadeConfig(Listen.anyLoopbackPort(), Backend.of(opensearch, index), ClientSettings.DEFAULTS,
            RequestLimits.DEFAULTS);
    }

    public FacadeConfig with(Listen newListen) {
        return new FacadeConfig(newListen, backend, client, limits);
    }

    public FacadeConfig with(Backend newBackend) {
        return new FacadeConfig(listen, newBackend, client, limits);
    }

    public FacadeConfig with(ClientSettings newClient) {
        return new FacadeConfig(listen, backend, newClient, limits);
    }

    public FacadeConfig with(RequestLimits newLimits) {
        return new FacadeConfig(listen, backend, client, newLimits);
    }

    /** What the OpenSearch client is built from; {@code poolWait}: the longest a call waits for a pooled connection. */
    public ClientConfig openSearchClient(Duration poolWait) {
        return new ClientConfig(backend.opensearch(), backend.access(), client.options(), client.ioThreads(),
            client.maxConnections(), client.connectTimeout(), poolWait, client.responseTimeout(), client.maxResponseBytes());
    }

    public FacadeConfig withOpenSearch(URI url) {
        return withOpenSearch(List.of(url), backend.access());
    }

    /** Other hosts, reached with {@code newAccess} (CAs and credentials). */
    public FacadeConfig withOpenSearch(List<URI> urls, OpenSearchAccess newAccess) {
        return with(backend.withOpenSearch(urls, newAccess));
    }
}
