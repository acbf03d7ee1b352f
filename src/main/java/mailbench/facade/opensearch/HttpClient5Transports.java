package mailbench.facade.opensearch;

import java.net.URI;
import java.util.concurrent.TimeUnit;

import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpStatus;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5Options;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.client.transport.httpclient5.HttpAsyncResponseConsumerFactory;

import mailbench.access.CredentialsRefused;
import mailbench.access.OpenSearchAccess;
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

    static OpenSearchTransport create(ClientConfig config, ClientThreads threads) {
        HttpHost[] hosts = config.hosts().stream().map(HttpClient5Transports::host).toArray(HttpHost[]::new);
        OpenSearchAccess access = config.access();
        boolean sendsCredentials = access.credentials() != null;
        return ApacheHttpClient5TransportBuilder.builder(hosts)
            .setMapper(new JacksonJsonpMapper(Json.MAPPER))
            // preemptive basic auth: a header on every request, no 401 round trip first
            .setDefaultHeaders(sendsCredentials
                ? new Header[] {new BasicHeader(HttpHeaders.AUTHORIZATION, access.credentials().basicAuthorization())}
                : new Header[0])
            // a facade request's cancel reaches the exchange itself (the transport's future does not)
            .setHttpClientConfigCallback(http -> ExchangeCancels.install(withResponseCompression(http, config.options().responseCompression()))
                .setThreadFactory(threads)
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(config.ioThreads()).build())
                // the transport would parse a 401's plain-text body as a JSON error; this names the fix instead
                .addResponseInterceptorLast((response, entity, context) -> {
                    if (response.getCode() == HttpStatus.SC_UNAUTHORIZED) {
                        throw new CredentialsRefused(sendsCredentials);
                    }
                })
                .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                    .setTlsStrategy(ClientTlsStrategyBuilder.create().setSslContext(access.sslContext()).build())
                    .setMaxConnPerRoute(config.maxConnections())
                    .setMaxConnTotal(config.maxConnections() * hosts.length)
                    .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS))
                        .build())
                    .build()))
            .setRequestConfigCallback(request -> request
                .setConnectionRequestTimeout(Timeout.of(config.poolWait().toMillis(), TimeUnit.MILLISECONDS))
                .setResponseTimeout(Timeout.of(config.responseTimeout().toMillis(), TimeUnit.MILLISECONDS)))
            .setOptions(options(config.options().responseBuffer(), config.maxResponseBytes()))
            .build();
    }

    /**
     * {@code disableContentCompression()} exists from httpclient5 5.6, the first to ask for compressed answers: on 5.4
     * (opensearch-java 2.x) there is nothing to switch off. Looked up once per facade, not per request.
     */
    static HttpAsyncClientBuilder withResponseCompression(HttpAsyncClientBuilder http, ClientOptions.ResponseCompression compression) {
        if (compression == ClientOptions.ResponseCompression.OFF) {
            try {
                http.getClass().getMethod("disableContentCompression").invoke(http);
            } catch (NoSuchMethodException older) {
                // httpclient5 before 5.6 never asks for compressed answers
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot switch off httpclient5's response compression", e);
            }
        }
        return http;
    }

    /** Answers are buffered whole before they are parsed: past this many bytes the call fails (ContentTooLongException). */
    private static ApacheHttpClient5Options options(ClientOptions.ResponseBuffer buffer, int maxResponseBytes) {
        ApacheHttpClient5Options.Builder options = ApacheHttpClient5Options.DEFAULT.toBuilder();
        options.setHttpAsyncResponseConsumerFactory(buffer == ClientOptions.ResponseBuffer.SIZED
            ? SizedResponseConsumer.factory(maxResponseBytes)
            : new HttpAsyncResponseConsumerFactory.HeapBufferedResponseConsumerFactory(maxResponseBytes));
        return options.build();
    }

    private static HttpHost host(URI uri) {
        int port = uri.getPort() != -1 ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
        return new HttpHost(uri.getScheme(), uri.getHost(), port);
    }
}
