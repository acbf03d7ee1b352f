package mailbench.facade.opensearch;

import java.io.IOException;
import java.util.function.Supplier;

import org.opensearch.client.RestClient;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import org.opensearch.client.transport.rest_client.RestClientTransport;

import mailbench.json.Json;

/**
 * The opensearch-java clients {@link MailStore} calls through, as {@link ClientOptions} say:
 * one transport and client for the facade's life, or (mapper per request) a new client, transport
 * and JacksonJsonpMapper around the shared RestClient for every request.
 */
public final class OpenSearchClients implements AutoCloseable {

    private final OpenSearchTransport transport;
    private final OpenSearchAsyncClient sharedAsync;
    private final OpenSearchClient blocking;
    private final Supplier<OpenSearchAsyncClient> perRequest;
    private final ClientWatchdog watchdog;

    private OpenSearchClients(OpenSearchTransport transport, Supplier<OpenSearchAsyncClient> perRequest, ClientThreads threads) {
        this.transport = transport;
        this.watchdog = new ClientWatchdog(threads);
        this.sharedAsync = new OpenSearchAsyncClient(transport);
        this.blocking = new OpenSearchClient(transport);
        this.perRequest = perRequest;
    }

    public static OpenSearchClients create(ClientConfig config) {
        ClientOptions options = config.options();
        if (options.transport() == ClientOptions.Transport.HTTPCLIENT5) {
            ClientThreads threads = ClientThreads.httpClient5();
            return new OpenSearchClients(HttpClient5Transports.create(config, threads), null, threads);
        }
        requireRestClientTransport(ClientVersion.opensearchJava());
        ClientThreads threads = ClientThreads.restClient();
        RestClient restClient = RestClientTransports.restClient(config, threads);
        OpenSearchTransport shared = new RestClientTransport(restClient, new JacksonJsonpMapper(Json.MAPPER));
        Supplier<OpenSearchAsyncClient> perRequest = options.mapper() == ClientOptions.Mapper.PER_REQUEST
            ? () -> new OpenSearchAsyncClient(new RestClientTransport(restClient, new JacksonJsonpMapper(Json.newMapper())))
            : null;
        return new OpenSearchClients(shared, perRequest, threads);
    }

    /**
     * From 3.0 on, opensearch-java's RestClientTransport is built against opensearch-rest-client 3.x (on httpclient5), which
     * the client does not declare; the facade carries the 2.x RestClient (httpasyncclient 4), so the pair would fail at its
     * first call with a NoSuchMethodError. Refused at start instead.
     */
    static void requireRestClientTransport(String opensearchJava) {
        if (ClientVersion.major(opensearchJava) >= 3) {
            throw new IllegalArgumentException("--transport rest-client needs opensearch-java 2.x: " + opensearchJava
                + "'s RestClientTransport runs on opensearch-rest-client 3.x, which the facade does not carry; use --transport"
                + " httpclient5 (the opensearch-java-3.9.0 variant does), or a 2.x variant such as rest-client or opensearch-java-2.2.0");
        }
    }

    /** Watches this client's threads (they parse the answers; if one dies, its calls never end). */
    public ClientWatchdog watchdog() {
        return watchdog;
    }

    /** The client for one facade request. */
    public OpenSearchAsyncClient async() {
        return perRequest == null ? sharedAsync : perRequest.get();
    }

    /** For startup work only (creating the index). */
    public OpenSearchClient blocking() {
        return blocking;
    }

    /** Closes the transport and with it the HTTP client (the RestClient too). */
    @Override
    public void close() throws IOException {
        transport.close();
    }
}
