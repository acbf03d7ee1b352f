package mailbench.facade.opensearch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.cluster.HealthResponse;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;

/**
 * The facade's only door to OpenSearch: one method per operation, all on the async client so
 * no facade thread waits for OpenSearch. Built once, shared by every request (the client under
 * it may be per request: see {@link OpenSearchClients}).
 */
public final class MailStore implements AutoCloseable {

    private final OpenSearchClients clients;
    private final String index;
    private final ClientOptions.Projection projection;
    private final InjectedCost injectedCost;
    private final SearchStats stats = new SearchStats();

    public MailStore(OpenSearchClients clients, String index, ClientOptions.Projection projection) {
        this(clients, index, projection, InjectedCost.NONE);
    }

    public MailStore(OpenSearchClients clients, String index, ClientOptions.Projection projection, InjectedCost injectedCost) {
        this.clients = clients;
        this.index = index;
        this.projection = projection;
        this.injectedCost = injectedCost;
    }

    public String index() {
        return index;
    }

    /** Startup only (blocking): creates the index with its mapping when missing. */
    public boolean ensureIndex(int shards, int replicas) throws IOException {
        return MailIndex.ensure(clients.blocking(), index, shards, replicas);
    }

    /** The request is serialised on the calling thread, before this returns. */
    public CompletableFuture<Void> index(MailDocument document, CallCancel cancel) {
        return call(cancel, () -> clients.async().index(i -> i.index(index).id(document.documentId()).document(document)))
            .thenApply(r -> null);
    }

    /** The request is serialised on the calling thread, before this returns. */
    public CompletableFuture<List<BulkOutcome>> bulk(List<MailDocument> documents, Refresh refresh, CallCancel cancel) {
        BulkRequest.Builder request = new BulkRequest.Builder().index(index).refresh(refresh);
        for (MailDocument document : documents) {
            request.operations(op -> op.index(i -> i.id(document.documentId()).document(document)));
        }
        return call(cancel, () -> clients.async().bulk(request.build())).thenApply(response -> {
            List<BulkOutcome> outcomes = new ArrayList<>(documents.size());
            for (BulkResponseItem item : response.items()) {
                String error = item.error() == null ? null : item.error().type() + ": " + item.error().reason();
                outcomes.add(new BulkOutcome(item.status(), error));
            }
            return outcomes;
        });
    }

    public CompletableFuture<MailDocument> get(String mailboxId, String messageId, CallCancel cancel) {
        CompletableFuture<MailDocument> document = call(cancel, () -> clients.async()
            .get(g -> g.index(index).id(MailDocument.documentId(mailboxId, messageId)), MailDocument.class))
            .thenApply(response -> response.found() ? response.source() : null);
        return injectedCost.none() ? document : document.thenApply(injectedCost::spendOn);
    }

    public CompletableFuture<SearchPage> search(MailQuery query, CallCancel cancel) {
        CompletableFuture<SearchPage> page = searchPage(query, cancel).thenApply(found -> {
            stats.searched();
            return found;
        });
        // the known cost runs where the client's own parsing ran: on the I/O thread that completed the call
        return injectedCost.none() ? page : page.thenApply(injectedCost::spendOn);
    }

    private CompletableFuture<SearchPage> searchPage(MailQuery query, CallCancel cancel) {
        OpenSearchAsyncClient client = clients.async();
        return call(cancel, () -> projection.search(client, index, SearchRequests.of(index, query, projection), stats));
    }

    /** What the searches cost the facade so far (GET /_mailbench/stats). */
    public SearchStats stats() {
        return stats;
    }

    public CompletableFuture<Void> refresh() {
        return call(() -> clients.async().indices().refresh(r -> r.index(index))).thenApply(r -> null);
    }

    /** The server's version number, e.g. 2.19.6. */
    public CompletableFuture<String> serverVersion() {
        return call(() -> clients.async().info()).thenApply(info -> info.version().number());
    }

    public CompletableFuture<HealthResponse> health() {
        return call(() -> clients.async().cluster().health(h -> h.index(index)));
    }

    /** The async client declares IOException even though it reports failures through the future. */
    private static <T> CompletableFuture<T> call(AsyncCall<T> call) {
        try {
            return call.start();
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * A call {@code cancel} can stop: RestClientTransport's own future stops its exchange when cancelled; httpclient5's
     * exchange registers itself while the call starts ({@link ExchangeCancels}).
     */
    private static <T> CompletableFuture<T> call(CallCancel cancel, AsyncCall<T> call) {
        CompletableFuture<T> started = call(() -> cancel.whileStarting(call::start));
        cancel.onCancel(() -> started.cancel(true));
        return started;
    }

    @FunctionalInterface
    private interface AsyncCall<T> {
        CompletableFuture<T> start() throws IOException;
    }

    @Override
    public void close() throws IOException {
        clients.close();
    }

    /** The outcome of one bulk item: HTTP-like status and, when it failed, why (OpenSearch's words, host names and all). */
    public record BulkOutcome(int status, String error) {
    }
}
