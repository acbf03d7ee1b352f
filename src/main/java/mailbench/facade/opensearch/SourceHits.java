package mailbench.facade.opensearch;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

import jakarta.json.stream.JsonParser;

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

    private final JsonpDeserializer<SearchResponse<T>> deserializer;
    private final BiFunction<String, T, SearchPage.Hit> toHit;
    private final SearchStats stats;

    /** {@code toHit} gets the message id (from {@code _id}) and the decoded source, never null. */
    SourceHits(Class<T> type, BiFunction<String, T, SearchPage.Hit> toHit, SearchStats stats) {
        this.deserializer = SearchResponse.createSearchResponseDeserializer(JsonpDeserializer.of(type));
        this.toHit = toHit;
        this.stats = stats;
    }

    CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request) throws IOException {
        JsonpMapper mapper = client._transport().jsonpMapper();
        return new OpenSearchGenericClient(client._transport(), client._transportOptions())
            .executeAsync(Requests.builder().method("POST").endpoint("/" + index + "/_search").json(request, mapper).build())
            .thenApply(response -> decode(response, mapper));
    }

    private SearchPage decode(Response response, JsonpMapper mapper) {
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
            String messageId = hit.id().substring(hit.id().indexOf(':') + 1);
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
