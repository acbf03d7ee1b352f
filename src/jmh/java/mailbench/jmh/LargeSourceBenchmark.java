package mailbench.jmh;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;

/**
 * The 2018 _source size study: one 10 MB {@code _source} read into a Map from JSON against two binary formats
 * through Jackson. JSON must scan every character for quotes and escapes; msgpack and Smile
 * know each string's length up front.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LargeSourceBenchmark extends BenchmarkSettings {

    private final ObjectMapper jsonMapper = new ObjectMapper();
    private final ObjectMapper msgpackMapper = new ObjectMapper(new MessagePackFactory());
    private final ObjectMapper smileMapper = new ObjectMapper(new SmileFactory());

    byte[] jsonBytes;
    byte[] msgpackBytes;
    byte[] smileBytes;

    @Setup
    public void encode() throws IOException {
        Map<String, Object> document = LargeDocument.generate();
        jsonBytes = jsonMapper.writeValueAsBytes(document);
        msgpackBytes = msgpackMapper.writeValueAsBytes(document);
        smileBytes = smileMapper.writeValueAsBytes(document);
    }

    @Benchmark
    public Map<?, ?> json() throws IOException {
        return jsonMapper.readValue(jsonBytes, Map.class);
    }

    @Benchmark
    public Map<?, ?> msgpack() throws IOException {
        return msgpackMapper.readValue(msgpackBytes, Map.class);
    }

    @Benchmark
    public Map<?, ?> smile() throws IOException {
        return smileMapper.readValue(smileBytes, Map.class);
    }
}
