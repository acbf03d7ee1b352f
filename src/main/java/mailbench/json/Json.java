package mailbench.json;

import java.time.Instant;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** The one Jackson configuration of the project: ISO-8601 instants, tolerant reading of OpenSearch's extra fields. */
public final class Json {

    public static final ObjectMapper MAPPER = newMapper();

    /**
     * For request bodies only: "{...} {...}" must be an error, not one message with the second
     * silently dropped. Never on the client's mapper, which reads values out of larger responses.
     */
    public static final ObjectReader REQUEST_READER = MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Json() {
    }

    /** A new mapper with this configuration. Building one is costly (it starts with empty caches): share {@link #MAPPER}. */
    public static ObjectMapper newMapper() {
        return new ObjectMapper()
            .registerModule(new JavaTimeModule())
            // instants written as the JavaTimeModule writes them (ISO_INSTANT), without its formatter's garbage
            .registerModule(new SimpleModule("mailbench-instants").addSerializer(Instant.class, new IsoInstants.Serializer()))
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
