package mailbench.jmh.client;

import java.io.IOException;

import org.opensearch.client.json.jackson.JacksonJsonpParser;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The opensearch-java #292 benchmark: a {@code JacksonJsonpParser} over a small array read as JSON-P values,
 * where 2.2.0 builds a {@code JsonValueParser} and so looks the provider up, once per parser.
 */
public final class JsonpArrayParse extends InOwnLoader<byte[], Object> {

    private final ObjectMapper mapper = new ObjectMapper();

    @Override
    protected Object call(byte[] json) throws IOException {
        try (JacksonJsonpParser parser = new JacksonJsonpParser(mapper.createParser(json))) {
            parser.next();
            return parser.getArray();
        }
    }
}
