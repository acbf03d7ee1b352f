package mailbench.access;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK HttpClient for mailbench's own calls to OpenSearch (admin calls, the results index),
 * never in the measured path: the hosts in turn, the access's CAs and credentials, and failures
 * to get in explained by {@link AccessProblems}.
 */
public final class OpenSearchHttp {

    private final List<URI> hosts;
    private final OpenSearchAccess access;
    private final HttpClient client;
    private final AtomicInteger next = new AtomicInteger();

    public OpenSearchHttp(List<URI> hosts, OpenSearchAccess access) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("at least one OpenSearch URL is needed");
        }
        hosts.forEach(host -> OpenSearchUrls.requireNoCredentials(host, "an OpenSearch URL"));
        this.hosts = List.copyOf(hosts);
        this.access = access;
        this.client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5))
            .sslContext(access.sslContext()).build();
    }

    /** The local node: plain http, no credentials. */
    public static OpenSearchHttp plain(URI host) {
        return new OpenSearchHttp(List.of(host), OpenSearchAccess.NONE);
    }

    /**
     * Sends one request to the next host ({@code path} starts with '/'); a body is sent as JSON.
     * Refused credentials and TLS failures come back as an IOException whose message names the fix.
     */
    public HttpResponse<String> send(String method, String path, byte[] jsonBody, Duration timeout) throws IOException, InterruptedException {
        URI host = hosts.get(Math.floorMod(next.getAndIncrement(), hosts.size()));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(host.toString().replaceAll("/+$", "") + path)).timeout(timeout)
            .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(jsonBody));
        if (jsonBody != null) {
            request.header("Content-Type", "application/json");
        }
        if (access.credentials() != null) {
            request.header("Authorization", access.credentials().basicAuthorization());
        }
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            String problem = AccessProblems.explain(e);
            if (problem != null) {
                throw new IOException(host + ": " + problem, e);
            }
            throw e;
        }
        if (response.statusCode() == 401) {
            throw new IOException(host + ": " + new CredentialsRefused(access.credentials() != null).getMessage());
        }
        if (response.statusCode() == 403) {
            throw new IOException(host + ": " + method + " " + path + ": " + PermissionRefused.fromBody(response.body()));
        }
        return response;
    }

    public List<URI> hosts() {
        return hosts;
    }
}
