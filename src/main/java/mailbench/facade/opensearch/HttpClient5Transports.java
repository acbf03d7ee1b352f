package mailbench.facade.opensearch;

import java.net.URI;
import java.util.concurrent.TimeUnit;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

import mailbench.facade.FacadeConfig;
import mailbench.json.Json;

/**
 * The ApacheHttpClient5 transport, built once per facade: responses are parsed on its
 * {@code httpclient-dispatch-N} I/O threads (the event loop the profiler watches), with the shared
 * Jackson mapper. A class of its own so a facade on opensearch-java 2.2.0 (no such transport)
 * never loads it.
 */
final class HttpClient5Transports {

    private HttpClient5Transports() {
    }

    static OpenSearchTransport create(FacadeConfig config) {
        HttpHost[] hosts = config.opensearch().stream().map(HttpClient5Transports::host).toArray(HttpHost[]::new);
        return ApacheHttpClient5TransportBuilder.builder(hosts)
            .setMapper(new JacksonJsonpMapper(Json.MAPPER))
            .setHttpClientConfigCallback(http -> http
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(config.ioThreads()).build())
                .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                    .setMaxConnPerRoute(config.maxConnections())
                    .setMaxConnTotal(config.maxConnections() * hosts.length)
                    .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS))
                        .build())
                    .build()))
            .setRequestConfigCallback(request -> request
                .setResponseTimeout(Timeout.of(config.responseTimeout().toMillis(), TimeUnit.MILLISECONDS)))
            .build();
    }

    private static HttpHost host(URI uri) {
        int port = uri.getPort() != -1 ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
        return new HttpHost(uri.getScheme(), uri.getHost(), port);
    }
}
