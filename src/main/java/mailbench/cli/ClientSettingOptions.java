package mailbench.cli;

import java.time.Duration;

import mailbench.facade.ClientSettings;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.ClientPatches;
import mailbench.facade.opensearch.InjectedCost;
import picocli.CommandLine.Option;

/**
 * The facade's options for its opensearch-java client: how it is built (transport, mapper, projection, compression, answer
 * buffer, a calibration cost), its threads, connections, timeouts and answer bound.
 */
final class ClientSettingOptions {

    @Option(names = "--io-threads", description = "opensearch-java I/O reactor threads (default: ${DEFAULT-VALUE})",
        defaultValue = "" + ClientSettings.DEFAULT_IO_THREADS)
    int ioThreads;

    @Option(names = "--max-connections", description = "Connections to each OpenSearch host (default: ${DEFAULT-VALUE})",
        defaultValue = "" + ClientSettings.DEFAULT_MAX_CONNECTIONS)
    int maxConnections;

    @Option(names = "--connect-timeout-ms", description = "Connect timeout to OpenSearch (default: ${DEFAULT-VALUE})",
        defaultValue = "1000")
    long connectTimeoutMs;

    @Option(names = "--response-timeout-ms", description = "Response timeout from OpenSearch, then 504 (default: ${DEFAULT-VALUE})",
        defaultValue = "30000")
    long responseTimeoutMs;

    @Option(names = "--max-response-bytes", description = "Largest OpenSearch answer the facade buffers (httpclient5), else 502"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "" + ClientSettings.DEFAULT_MAX_RESPONSE_BYTES)
    int maxResponseBytes;

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

    ClientSettings settings() {
        ClientOptions options = new ClientOptions(ClientOptions.Transport.of(transport), ClientOptions.Mapper.of(mapper),
            ClientOptions.Projection.of(projection), ClientOptions.ResponseCompression.of(responseCompression),
            new InjectedCost(injectCpuMicros, injectAllocBytes), ClientOptions.ResponseBuffer.of(responseBuffer));
        return new ClientSettings(options, ioThreads, maxConnections, Duration.ofMillis(connectTimeoutMs),
            Duration.ofMillis(responseTimeoutMs), maxResponseBytes);
    }

    /** The client as the facade's start line names it. */
    String describe(ClientSettings settings) {
        return "transport " + transport + ", mapper " + mapper + ", projection " + projection + ", response compression "
            + responseCompression + ", response buffer " + responseBuffer + ", injected cost "
            + settings.options().injectedCost().describe() + ", client patch " + ClientPatches.inEffect();
    }
}
