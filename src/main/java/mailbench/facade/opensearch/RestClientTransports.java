package mailbench.facade.opensearch;

import java.net.URI;

import org.apache.http.Header;
import org.apache.http.HttpHeaders;
import org.apache.http.HttpHost;
import org.apache.http.HttpResponseInterceptor;
import org.apache.http.HttpStatus;
import org.apache.http.message.BasicHeader;
import org.apache.http.impl.nio.reactor.IOReactorConfig;
import org.opensearch.client.RestClient;

import mailbench.access.CredentialsRefused;
import mailbench.access.OpenSearchAccess;
/**
 * The low-level RestClient (httpasyncclient 4) under RestClientTransport: the transport every
 * opensearch-java version has, 2.2.0 included. Its I/O threads are {@code I/O dispatcher N}.
 */
final class RestClientTransports {

    private RestClientTransports() {
    }

    static RestClient restClient(ClientConfig config, ClientThreads threads) {
        HttpHost[] hosts = config.hosts().stream().map(RestClientTransports::host).toArray(HttpHost[]::new);
        OpenSearchAccess access = config.access();
        boolean sendsCredentials = access.credentials() != null;
        return RestClient.builder(hosts)
            .setDefaultHeaders(sendsCredentials
                ? new Header[] {new BasicHeader(HttpHeaders.AUTHORIZATION, access.credentials().basicAuthorization())}
                : new Header[0])
            .setHttpClientConfigCallback(http -> http
                .setThreadFactory(threads)
                .setSSLContext(access.sslContext())
                .addInterceptorLast((HttpResponseInterceptor) (response, context) -> {
                    if (response.getStatusLine().getStatusCode() == HttpStatus.SC_UNAUTHORIZED) {
                        throw new CredentialsRefused(sendsCredentials);
                    }
                })
                .setMaxConnPerRoute(config.maxConnections())
                .setMaxConnTotal(config.maxConnections() * hosts.length)
                .setDefaultIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(config.ioThreads()).build()))
            .setRequestConfigCallback(request -> request
                .setConnectionRequestTimeout((int) config.poolWait().toMillis())
                .setConnectTimeout((int) config.connectTimeout().toMillis())
                .setSocketTimeout((int) config.responseTimeout().toMillis()))
            .build();
    }

    private static HttpHost host(URI uri) {
        int port = uri.getPort() != -1 ? uri.getPort() : ("https".equals(uri.getScheme()) ? 443 : 80);
        return new HttpHost(uri.getHost(), port, uri.getScheme());
    }
}
