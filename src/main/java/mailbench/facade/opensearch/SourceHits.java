package mailbench.facade.opensearch;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParser;

import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch._types.ErrorResponse;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.core.SearchRequest;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.opensearch.core.search.TotalHits;
import org.opensearch.client.opensearch.generic.Body;
import org.opensearch.client.opensearch.generic.OpenSearchGenericClient;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * Searches whose hits come from {@code _source} (filtered or whole), measured: the request goes
 * through the client's generic API, and the facade decodes the answer's bytes itself with the
 * transport's own mapper into the same typed {@code SearchResponse<T>} the client would build,
 * timing only that decode. Every {@code _source} projection takes this path, so they compare alike.
 * A class of its own so a facade on opensearch-java 2.2.0 (no generic client) never loads it.
 */
final class SourceHits<T> {

    /** {@link ClientOptions.Projection#SOURCE}: the filtered source as a typed record. */
    static final SourceHits<MessageSummary> SUMMARIES = new SourceHits<>(MessageSummary.class,
        (id, source) -> new SearchPage.Hit(id, source.subject(), source.from(), source.receivedAt()));
    /** {@link ClientOptions.Projection#SOURCE_FULL}: the whole source as the stored document. */
    static final SourceHits<MailDocument> DOCUMENTS = new SourceHits<>(MailDocument.class,
        (id, source) -> new SearchPage.Hit(id, source.subject(), source.from(), source.receivedAt()));
    /** {@link ClientOptions.Projection#SOURCE_GENERIC}: the filtered source as generic JSON. */
    static final SourceHits<JsonData> GENERICS = new SourceHits<>(JsonData.class, SourceHits::fromGeneric);

    private final JsonpDeserializer<SearchResponse<T>> deserializer;
    private final BiFunction<String, T, SearchPage.Hit> toHit;

    /** {@code toHit} gets the message id (from {@code _id}) and the decoded source, never null. */
    private SourceHits(Class<T> type, BiFunction<String, T, SearchPage.Hit> toHit) {
        this.deserializer = SearchResponse.createSearchResponseDeserializer(JsonpDeserializer.of(type));
        this.toHit = toHit;
    }

    /** What code that asks for generic documents does: look each listing field up by name in the JSON-P object. */
    private static SearchPage.Hit fromGeneric(String messageId, JsonData source) {
        JsonObject fields = source.toJson().asJsonObject();
        String receivedAt = fields.getString("receivedAt", null);
        return new SearchPage.Hit(messageId, fields.getString("subject", null), fields.getString("from", null),
            receivedAt == null ? null : Instant.parse(receivedAt));
    }

    /** {@code stats}: where the decode's bytes and time are counted. */
    CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
        throws IOException {
        JsonpMapper mapper = client._transport().jsonpMapper();
        return new OpenSearchGenericClient(client._transport(), client._transportOptions())
            .executeAsync(Requests.builder().method("POST").endpoint("/" + index + "/_search").json(request, mapper).build())
            .thenApply(response -> decode(response, mapper, stats));
    }

    private SearchPage decode(Response response, JsonpMapper mapper, SearchStats stats) {
        byte[] body;
        try (response) {
            body = response.getBody().map(Body::bodyAsBytes).orElse(new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (response.getStatus() >= 300) {
            throw error(response.getStatus(), body, mapper);
        }
        long start = System.nanoTime();
        SearchResponse<T> decoded;
        try (JsonParser parser = mapper.jsonProvider().createParser(new ByteArrayInputStream(body))) {
            decoded = deserializer.deserialize(parser, mapper);
        }
        stats.decoded(body.length, System.nanoTime() - start);
        List<SearchPage.Hit> hits = new ArrayList<>(decoded.hits().hits().size());
        for (Hit<T> hit : decoded.hits().hits()) {
            String messageId = MailDocument.messageIdOf(hit.id());
            hits.add(hit.source() == null ? new SearchPage.Hit(messageId, null, null, null) : toHit.apply(messageId, hit.source()));
        }
        TotalHits total = decoded.hits().total();
        return new SearchPage(total == null ? hits.size() : total.value(), hits);
    }

    /** OpenSearch's error answer as the typed client would raise it, so the facade classifies it the same way. */
    private static OpenSearchException error(int status, byte[] body, JsonpMapper mapper) {
        try (JsonParser parser = mapper.jsonProvider().createParser(new ByteArrayInputStream(body))) {
            return new OpenSearchException(ErrorResponse._DESERIALIZER.deserialize(parser, mapper));
        } catch (RuntimeException e) {
            String text = new String(body, 0, Math.min(body.length, 200), StandardCharsets.UTF_8);
            return new OpenSearchException(ErrorResponse.of(r -> r.status(status)
                .error(c -> c.type("http_" + status).reason(text))));
        }
    }
}
