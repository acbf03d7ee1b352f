package mailbench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;

import com.fasterxml.jackson.databind.node.ObjectNode;

import mailbench.facade.opensearch.MailDocument;
import mailbench.jmh.client.ResponseDecoder;

/**
 * The typed-against-generic study: the same search response (20 hits of generated mail, whole {@code _source}) decoded
 * through the pinned opensearch-java into the typed record or into generic documents. A generic
 * document is built whole and then read by name; {@code JsonData} builds JSON-P values, and
 * converting it to a type afterwards writes it out and parses it again.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// the typed path has the most code to compile (record binding, ISO instants): after 20 s of
// warm-up on 2 busy cores it was still getting faster, from 25 ms to 0.3 ms a call
@Warmup(iterations = 30, time = 2)
@SuppressWarnings("rawtypes")
public class SearchDecodingBenchmark extends BenchmarkSettings {

    private final ResponseDecoder<MailDocument> typed = ResponseDecoder.of(MailDocument.class);
    private final ResponseDecoder<JsonData> generic = ResponseDecoder.of(JsonData.class);
    private final ResponseDecoder<ObjectNode> tree = ResponseDecoder.of(ObjectNode.class);
    private final ResponseDecoder<Map> maps = ResponseDecoder.of(Map.class);

    private byte[] response;

    @Setup
    public void generate() {
        response = MailSearchResponse.generate().json();
    }

    @Benchmark
    public SearchResponse<MailDocument> typedRecord() {
        return typed.decode(response);
    }

    @Benchmark
    public SearchResponse<JsonData> jsonData() {
        return generic.decode(response);
    }

    @Benchmark
    public SearchResponse<ObjectNode> objectNode() {
        return tree.decode(response);
    }

    @Benchmark
    public SearchResponse<Map> map() {
        return maps.decode(response);
    }

    /** What code does that asks for JsonData and wants the record after all. */
    @Benchmark
    public List<MailDocument> jsonDataToRecord() {
        List<Hit<JsonData>> hits = generic.decode(response).hits().hits();
        List<MailDocument> documents = new ArrayList<>(hits.size());
        for (Hit<JsonData> hit : hits) {
            documents.add(hit.source().to(MailDocument.class));
        }
        return documents;
    }
}
