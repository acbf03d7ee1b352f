package mailbench.facade.opensearch;

import java.net.URI;

import org.apache.http.HttpHost;
import org.apache.http.impl.nio.reactor.IOReactorConfig;
import org.opensearch.client.RestClient;

import mailbench.facade.FacadeConfig;

/**
 * The low-level RestClient (httpasyncclient 4) under RestClientTransport: the transport every
 * opensearch-java version has, 2.2.0 included. Its I/O threads are {@code I/O dispatcher N}.
 */
final class RestClientTransports {

    private RestClientTransports() {
    }

    static RestClient restClient(FacadeConfig config) {
        HttpHost[] hosts = config.opensearch().stream().map(RestClientTransports::host).toArray(HttpHost[]::new);
        return RestClient.builder(hosts)
            .setHttpClientConfigCallback(http -> http
                .setMaxConnPerRoute(config.maxConnections())
                .setMaxConnTotal(config.maxConnections() * hosts.length)
                .setDefaultIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(config.ioThreads()).build()))
            .setRequestConfigCallback(request -> request
                .setConnectTimeout((int) config.connectTimeout().toMillis())
                .setSocketTimeout((int) config.responseTimeout().toMillis()))
            .build();
    }

    private static HttpHost host(URI uri) {
        int port = uri.getPort() != -1 ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
        return new HttpHost(uri.getHost(), port, uri.getScheme());
    }
}
