package mailbench.jmh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.json.stream.JsonParser;
import mailbench.facade.opensearch.DocValueHits;
import mailbench.facade.opensearch.MailDocument;
import mailbench.facade.opensearch.SearchPage;
import mailbench.json.Json;

/**
 * One answer of the default search, alone: 20 hits of doc-values {@code fields} (message id, subject, sender, date; no
 * stored field, no {@code _source}), decoded by the facade's two response deserializers. {@code generic} builds each
 * hit's fields as {@code Map<String, JsonData>}, as the client's {@code Hit.fields()} does (Jackson to JSON-P values:
 * {@code JsonValueParser}, Parsson's builders); {@code typed} reads the same four fields as lists of strings with the
 * client's array and string deserializers. Both through the shared {@code JacksonJsonpMapper}, as the transport parses an
 * answer. Run with {@code -prof gc} for the bytes per answer.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FieldsDecodingBenchmark extends BenchmarkSettings {

    private final JacksonJsonpMapper mapper = new JacksonJsonpMapper(Json.MAPPER);
    private final JsonpDeserializer<SearchPage> generic = DocValueHits.ENDPOINT.responseDeserializer();
    private final JsonpDeserializer<SearchPage> typed = DocValueHits.TYPED_ENDPOINT.responseDeserializer();
    private final byte[] answer = docValuesAnswer(MailSearchResponse.generate());

    @Benchmark
    public SearchPage generic() {
        return decode(generic);
    }

    @Benchmark
    public SearchPage typed() {
        return decode(typed);
    }

    SearchPage decode(JsonpDeserializer<SearchPage> deserializer) {
        try (JsonParser parser = mapper.jsonProvider().createParser(new ByteArrayInputStream(answer))) {
            return deserializer.deserialize(parser, mapper);
        }
    }

    byte[] answer() {
        return answer;
    }

    /** The answer OpenSearch 2.19 gives the default search ({@code stored_fields: _none_} and four doc-values fields). */
    static byte[] docValuesAnswer(MailSearchResponse response) {
        ObjectMapper json = Json.newMapper();
        ObjectNode root = json.createObjectNode();
        root.put("took", 2).put("timed_out", false);
        root.putObject("_shards").put("total", 1).put("successful", 1).put("skipped", 0).put("failed", 0);
        ObjectNode outer = root.putObject("hits");
        outer.putObject("total").put("value", 214).put("relation", "eq");
        outer.putNull("max_score");
        ArrayNode hits = outer.putArray("hits");
        for (MailDocument document : response.documents()) {
            ObjectNode hit = hits.addObject();
            hit.put("_index", MailSearchResponse.INDEX).putNull("_score");
            ObjectNode fields = hit.putObject("fields");
            fields.putArray(DocValueHits.FROM).add(document.from());
            fields.putArray(DocValueHits.RECEIVED_AT).add(DateTimeFormatter.ISO_INSTANT.format(document.receivedAt()));
            fields.putArray(DocValueHits.MESSAGE_ID).add(document.messageId());
            fields.putArray(DocValueHits.SUBJECT).add(document.subject());
            hit.putArray("sort").add(document.receivedAt().toEpochMilli());
        }
        try {
            return json.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
