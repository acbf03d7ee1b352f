package mailbench.facade.opensearch;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import jakarta.json.JsonObject;

import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.BoolQuery;
import org.opensearch.client.opensearch._types.query_dsl.Operator;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.cluster.HealthResponse;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.opensearch.core.SearchRequest;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;

import mailbench.facade.Redaction;

/**
 * The facade's only door to OpenSearch: one method per operation, all on the async client so
 * no facade thread waits for OpenSearch. Built once, shared by every request (the client under
 * it may be per request: see {@link OpenSearchClients}).
 */
public final class MailStore implements AutoCloseable {

    private final OpenSearchClients clients;
    private final String index;
    private final ClientOptions.Projection projection;
    private final SearchStats stats = new SearchStats();
    // built on first use: SourceHits needs the generic client, which opensearch-java 2.2.0 (a doc-values variant) lacks
    private volatile SourceHits<MessageSummary> summaries;
    private volatile SourceHits<MailDocument> documents;
    private volatile SourceHits<JsonData> generics;

    public MailStore(OpenSearchClients clients, String index, ClientOptions.Projection projection) {
        this.clients = clients;
        this.index = index;
        this.projection = projection;
    }

    public String index() {
        return index;
    }

    /** Startup only (blocking): creates the index with its mapping when missing. */
    public boolean ensureIndex(int shards) throws IOException {
        return MailIndex.ensure(clients.blocking(), index, shards);
    }

    public CompletableFuture<Void> index(MailDocument document) {
        return call(() -> clients.async().index(i -> i.index(index).id(document.documentId()).document(document))).thenApply(r -> null);
    }

    public CompletableFuture<List<BulkOutcome>> bulk(List<MailDocument> documents, Refresh refresh) {
        BulkRequest.Builder request = new BulkRequest.Builder().index(index).refresh(refresh);
        for (MailDocument document : documents) {
            request.operations(op -> op.index(i -> i.id(document.documentId()).document(document)));
        }
        return call(() -> clients.async().bulk(request.build())).thenApply(response -> {
            List<BulkOutcome> outcomes = new ArrayList<>(documents.size());
            for (BulkResponseItem item : response.items()) {
                // the item's slot reaches the client: no backend host or certificate in it
                String error = item.error() == null ? null : Redaction.of(item.error().type() + ": " + item.error().reason());
                outcomes.add(new BulkOutcome(item.status(), error));
            }
            return outcomes;
        });
    }

    public CompletableFuture<MailDocument> get(String mailboxId, String messageId) {
        return call(() -> clients.async().get(g -> g.index(index).id(MailDocument.documentId(mailboxId, messageId)), MailDocument.class))
            .thenApply(response -> response.found() ? response.source() : null);
    }

    public CompletableFuture<SearchPage> search(MailQuery query) {
        return searchPage(query).thenApply(page -> {
            stats.searched();
            return page;
        });
    }

    private CompletableFuture<SearchPage> searchPage(MailQuery query) {
        OpenSearchAsyncClient client = clients.async();
        return switch (projection) {
            case DOC_VALUES -> call(() -> client._transport().performRequestAsync(searchRequest(query), DocValueHits.ENDPOINT,
                client._transportOptions()));
            case SOURCE -> call(() -> summaries().search(client, index, searchRequest(query)));
            case SOURCE_FULL -> call(() -> documents().search(client, index, searchRequest(query)));
            case SOURCE_GENERIC -> call(() -> generics().search(client, index, searchRequest(query)));
        };
    }

    /** What the searches cost the facade so far (GET /_mailbench/stats). */
    public SearchStats stats() {
        return stats;
    }

    private SourceHits<MessageSummary> summaries() {
        if (summaries == null) {
            summaries = new SourceHits<>(MessageSummary.class,
                (id, source) -> new SearchPage.Hit(id, source.subject(), source.from(), source.receivedAt()), stats);
        }
        return summaries;
    }

    private SourceHits<MailDocument> documents() {
        if (documents == null) {
            documents = new SourceHits<>(MailDocument.class,
                (id, source) -> new SearchPage.Hit(id, source.subject(), source.from(), source.receivedAt()), stats);
        }
        return documents;
    }

    private SourceHits<JsonData> generics() {
        if (generics == null) {
            generics = new SourceHits<>(JsonData.class, MailStore::fromGeneric, stats);
        }
        return generics;
    }

    /** What code that asks for generic documents does: look each listing field up by name in the JSON-P object. */
    private static SearchPage.Hit fromGeneric(String messageId, JsonData source) {
        JsonObject fields = source.toJson().asJsonObject();
        String receivedAt = fields.getString("receivedAt", null);
        return new SearchPage.Hit(messageId, fields.getString("subject", null), fields.getString("from", null),
            receivedAt == null ? null : Instant.parse(receivedAt));
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

    SearchRequest searchRequest(MailQuery query) {
        BoolQuery.Builder bool = new BoolQuery.Builder();
        bool.filter(term("mailboxId", query.mailboxId()));
        if (query.from() != null) {
            bool.filter(term("from", query.from()));
        }
        if (query.to() != null) {
            bool.filter(term("to", query.to()));
        }
        for (String flag : query.flags()) {
            bool.filter(term("flags", flag));
        }
        if (query.after() != null || query.before() != null) {
            bool.filter(q -> q.range(r -> {
                r.field("receivedAt");
                if (query.after() != null) {
                    r.gte(JsonData.of(query.after().toString()));
                }
                if (query.before() != null) {
                    r.lt(JsonData.of(query.before().toString()));
                }
                return r;
            }));
        }
        if (query.text() != null) {
            bool.must(q -> q.multiMatch(m -> m.query(query.text()).fields("subject^2", "body").operator(Operator.And)));
        }
        if (query.subject() != null) {
            bool.must(q -> q.match(m -> m.field("subject").query(FieldValue.of(query.subject())).operator(Operator.And)));
        }
        BoolQuery boolQuery = bool.build();
        return SearchRequest.of(s -> {
            s.index(index)
                .query(q -> q.bool(boolQuery))
                .from(query.offset())
                .size(query.limit());
            if (projection == ClientOptions.Projection.DOC_VALUES) {
                s.storedFields("_none_");
                for (String field : DocValueHits.FIELDS) {
                    s.docvalueFields(f -> f.field(field));
                }
            } else if (projection == ClientOptions.Projection.SOURCE || projection == ClientOptions.Projection.SOURCE_GENERIC) {
                s.source(src -> src.filter(f -> f.includes(List.of(MessageSummary.SOURCE_FIELDS))));
            }
            // SOURCE_FULL: no source filter, the whole stored document comes back
            switch (query.sort()) {
                case RECEIVED_AT_DESC -> s.sort(o -> o.field(f -> f.field("receivedAt").order(SortOrder.Desc)));
                case RECEIVED_AT_ASC -> s.sort(o -> o.field(f -> f.field("receivedAt").order(SortOrder.Asc)));
                case SIZE_DESC -> s.sort(o -> o.field(f -> f.field("size").order(SortOrder.Desc)));
                case SIZE_ASC -> s.sort(o -> o.field(f -> f.field("size").order(SortOrder.Asc)));
                case RELEVANCE -> s.sort(o -> o.score(sc -> sc.order(SortOrder.Desc)));
            }
            return s;
        });
    }

    /** The async client declares IOException even though it reports failures through the future. */
    private static <T> CompletableFuture<T> call(AsyncCall<T> call) {
        try {
            return call.start();
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @FunctionalInterface
    private interface AsyncCall<T> {
        CompletableFuture<T> start() throws IOException;
    }

    private static Query term(String field, String value) {
        return Query.of(q -> q.term(t -> t.field(field).value(FieldValue.of(value))));
    }

    @Override
    public void close() throws IOException {
        clients.close();
    }

    /** The outcome of one bulk item: HTTP-like status and, when it failed, why. */
    public record BulkOutcome(int status, String error) {
    }
}
