package mailbench.jmh.client;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.spi.JsonProvider;

/** A Jackson parse of an array of strings into JSON-P values, with the provider it is given. */
final class JsonpArrays {

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonpArrays() {
    }

    static JsonArray read(byte[] json, JsonProvider provider) throws IOException {
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("expected an array of strings");
            }
            JsonArrayBuilder array = provider.createArrayBuilder();
            while (parser.nextToken() == JsonToken.VALUE_STRING) {
                array.add(parser.getText());
            }
            return array.build();
        }
    }
}
