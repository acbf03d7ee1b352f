package mailbench.jmh.client;

import java.io.ByteArrayInputStream;

import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.core.SearchResponse;

import jakarta.json.stream.JsonParser;
import mailbench.json.Json;

/**
 * Decodes a search response body as the client's transport does: a parser from the mapper's
 * provider, the search endpoint's deserializer, the document type's deserializer inside it.
 */
public final class ResponseDecoder<T> {

    private final JacksonJsonpMapper mapper = new JacksonJsonpMapper(Json.newMapper());
    private final JsonpDeserializer<SearchResponse<T>> deserializer;

    private ResponseDecoder(Class<T> documentType) {
        this.deserializer = SearchResponse.createSearchResponseDeserializer(JsonpDeserializer.of(documentType));
    }

    /** The facade's mapper configuration; a new ObjectMapper, because JacksonJsonpMapper reconfigures the one it gets. */
    public static <T> ResponseDecoder<T> of(Class<T> documentType) {
        return new ResponseDecoder<>(documentType);
    }

    public SearchResponse<T> decode(byte[] body) {
        try (JsonParser parser = mapper.jsonProvider().createParser(new ByteArrayInputStream(body))) {
            return deserializer.deserialize(parser, mapper);
        }
    }
}
