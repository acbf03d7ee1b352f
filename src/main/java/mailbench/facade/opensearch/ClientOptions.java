package mailbench.facade.opensearch;

import java.util.Arrays;
import java.util.Locale;

/**
 * How the facade's client talks to OpenSearch: the transport, and whether one JSON mapper is
 * shared by all requests or a new one is built per request (the anti-pattern a variant measures).
 */
public record ClientOptions(Transport transport, Mapper mapper) {

    public static final ClientOptions DEFAULT = new ClientOptions(Transport.HTTPCLIENT5, Mapper.SHARED);

    /** The HTTP layer under opensearch-java. */
    public enum Transport {
        /** ApacheHttpClient5Transport: the current default of opensearch-java; I/O threads {@code httpclient-dispatch-N}. */
        HTTPCLIENT5,
        /** RestClientTransport over the low-level RestClient (httpasyncclient 4); the only one in 2.2.0; I/O threads {@code I/O dispatcher N}. */
        REST_CLIENT;

        public String option() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Transport of(String option) {
            return Arrays.stream(values()).filter(t -> t.option().equals(option)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--transport must be httpclient5 or rest-client, got '" + option + "'"));
        }
    }

    /** One JacksonJsonpMapper for the facade's life, or a new one (with a new ObjectMapper) for every request. */
    public enum Mapper {
        SHARED, PER_REQUEST;

        public String option() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Mapper of(String option) {
            return Arrays.stream(values()).filter(m -> m.option().equals(option)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--mapper must be shared or per-request, got '" + option + "'"));
        }
    }

    public ClientOptions {
        if (transport == null || mapper == null) {
            throw new IllegalArgumentException("--transport and --mapper must be given");
        }
        if (mapper == Mapper.PER_REQUEST && transport != Transport.REST_CLIENT) {
            // a RestClientTransport is a cheap wrapper around the shared RestClient, so a client per request is
            // what naive code does; the httpclient5 transport owns its connection pool and cannot be made per request
            throw new IllegalArgumentException("--mapper per-request needs --transport rest-client");
        }
    }
}
