package mailbench.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * opensearch-java #292 with the real libraries: opensearch-java up to 2.2.0 looks up the JSON-P provider
 * ({@code JsonProvider.provider()}, a ServiceLoader scan of the classpath) for every parser that
 * reads a value as JSON-P, e.g. the numbers of every response's {@code _shards}; 2.3.0 looks it up
 * once. Both versions run in one JMH run, each in its own class loader over the facade's
 * classpath, so only the client jar differs.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SpiLookupBenchmark extends BenchmarkSettings {

    static final byte[] SMALL_ARRAY = "[\"a\",\"b\"]".getBytes(StandardCharsets.UTF_8);

    /** 2.2.0 has the lookup per parser; pinned is pom.xml's version; any other is resolved (-p client=2.3.0). */
    @Param({"2.2.0", IsolatedClient.PINNED})
    public String client;

    private IsolatedClient isolated;
    private Function<byte[], Object> jsonpArrayParse;
    private Function<byte[], Object> searchResponse;
    private byte[] response;

    @Setup
    public void load() {
        isolated = IsolatedClient.load(client);
        jsonpArrayParse = isolated.adapter("JsonpArrayParse");
        searchResponse = isolated.adapter("SearchResponseParse");
        response = MailSearchResponse.generate().json();
    }

    @TearDown
    public void close() throws IOException {
        isolated.close();
    }

    IsolatedClient isolated() {
        return isolated;
    }

    /** The shape of the opensearch-java #292 benchmark: a parser over {@code ["a","b"]}, its array read as JSON-P values. */
    @Benchmark
    public Object jsonpArrayParse() {
        return jsonpArrayParse.apply(SMALL_ARRAY);
    }

    /** A response of 20 mail hits into {@code SearchResponse<MailDocument>}, as the facade decodes a search. */
    @Benchmark
    public Object searchResponse() {
        return searchResponse.apply(response);
    }
}
