package mailbench.facade.opensearch;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;

import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;

import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.mapping.TypeMapping;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.indices.CreateIndexRequest;
import org.opensearch.client.opensearch.indices.IndexSettings;

/**
 * The mail index: explicit mapping (text for what people search, keyword for exact filters,
 * date for ranges); shards and replicas as asked (0 replicas by default, so a single node reports green).
 */
public final class MailIndex {

    static final int SUBJECT_RAW_MAX_CHARS = 8191;

    private MailIndex() {
    }

    public static TypeMapping mapping() {
        return TypeMapping.of(m -> m
            .dynamic(org.opensearch.client.opensearch._types.mapping.DynamicMapping.Strict)
            .properties("mailboxId", p -> p.keyword(k -> k))
            .properties("messageId", p -> p.keyword(k -> k))
            .properties("threadId", p -> p.keyword(k -> k))
            .properties("from", p -> p.keyword(k -> k))
            .properties("to", p -> p.keyword(k -> k))
            .properties("cc", p -> p.keyword(k -> k))
            // subject.raw's doc values are the subject of a search hit: ignore_above as high as Lucene's term limit allows
            // (32,766 bytes, 4 bytes a character at most), so only absurd subjects are listed without one
            .properties("subject", p -> p.text(t -> t.fields("raw", f -> f.keyword(k -> k.ignoreAbove(SUBJECT_RAW_MAX_CHARS)))))
            .properties("body", p -> p.text(t -> t))
            // kept in _source only, not searchable: the large-_source workload measures fetching it, and indexing
            // megabytes of text per message would make its corpus load minutes long on 2 cores
            .properties("attachmentText", p -> p.text(t -> t.index(false)))
            .properties("receivedAt", p -> p.date(d -> d))
            .properties("flags", p -> p.keyword(k -> k))
            .properties("size", p -> p.long_(l -> l))
            .properties("attachments", p -> p.object(o -> o
                .properties("name", a -> a.keyword(k -> k))
                .properties("contentType", a -> a.keyword(k -> k))
                .properties("size", a -> a.long_(l -> l)))));
    }

    /** The body of a create-index request with this mapping, for callers that speak to OpenSearch without the client. */
    public static String createRequestJson(int shards, int replicas) {
        JacksonJsonpMapper mapper = new JacksonJsonpMapper();
        StringWriter json = new StringWriter();
        try (JsonGenerator generator = mapper.jsonProvider().createGenerator(json)) {
            generator.writeStartObject();
            generator.writeStartObject("settings").write("number_of_shards", shards).write("number_of_replicas", replicas).writeEnd();
            generator.writeKey("mappings");
            mapping().serialize(generator, mapper);
            generator.writeEnd();
        }
        return json.toString();
    }

    /** Creates the index unless it exists; returns true when it created it. */
    public static boolean ensure(OpenSearchClient client, String index, int shards, int replicas) throws IOException {
        if (client.indices().exists(e -> e.index(index)).value()) {
            return false;
        }
        client.indices().create(CreateIndexRequest.of(c -> c
            .index(index)
            .settings(settings(shards, replicas, client._transport().jsonpMapper()))
            .mappings(mapping())));
        return true;
    }

    /**
     * Read from JSON rather than built: the builder's {@code numberOfShards} takes a String before opensearch-java 3.0
     * and an Integer from 3.0 on, so no one call compiles against one and links against the other.
     */
    static IndexSettings settings(int shards, int replicas, JsonpMapper mapper) {
        String json = "{\"number_of_shards\":\"" + shards + "\",\"number_of_replicas\":\"" + replicas + "\"}";
        try (JsonParser parser = mapper.jsonProvider().createParser(new StringReader(json))) {
            return IndexSettings._DESERIALIZER.deserialize(parser, mapper);
        }
    }
}
