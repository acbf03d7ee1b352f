package mailbench.facade.opensearch;

import java.util.Arrays;
import java.util.Locale;

/**
 * How the facade's client talks to OpenSearch: the transport, whether one JSON mapper is shared
 * by all requests or a new one is built per request (the anti-pattern a variant measures), and
 * where a search's projection comes from.
 */
public record ClientOptions(Transport transport, Mapper mapper, Projection projection, ResponseCompression responseCompression) {

    public static final ClientOptions DEFAULT = new ClientOptions(Transport.HTTPCLIENT5, Mapper.SHARED, Projection.DOC_VALUES);

    /** The client library's own choice of response compression (what an application gets without asking). */
    public ClientOptions(Transport transport, Mapper mapper, Projection projection) {
        this(transport, mapper, projection, ResponseCompression.CLIENT_DEFAULT);
    }

    /** The HTTP layer under opensearch-java. */
    public enum Transport {
        /** ApacheHttpClient5Transport: the current default of opensearch-java; I/O threads {@code httpclient-dispatch-N}. */
        HTTPCLIENT5,
        /** RestClientTransport over the low-level RestClient (httpasyncclient 4); the only one in 2.2.0; I/O threads {@code I/O dispatcher N}. */
        REST_CLIENT;

        public static Transport of(String option) {
            return parse(values(), "--transport", option);
        }
    }

    /** One JacksonJsonpMapper for the facade's life, or a new one (with a new ObjectMapper) for every request. */
    public enum Mapper {
        SHARED, PER_REQUEST;

        public static Mapper of(String option) {
            return parse(values(), "--mapper", option);
        }
    }

    /** Where a search hit's id, subject, sender and date come from. */
    public enum Projection {
        /** Doc values only, no stored field read (see {@link DocValueHits}); generic JSON per hit. */
        DOC_VALUES,
        /** The document id and a filtered {@code _source}, decoded into a typed record: the node decompresses each hit's stored document. */
        SOURCE,
        /** As {@link #SOURCE}, but each hit's {@code _source} decoded generically into {@code JsonData} (JSON-P values), then read by field name. */
        SOURCE_GENERIC,
        /** The document id and the whole {@code _source} (attachment text included), decoded into {@link MailDocument}. */
        SOURCE_FULL;

        public static Projection of(String option) {
            return parse(values(), "--projection", option);
        }
    }

    /**
     * Whether the client asks OpenSearch for gzip-compressed answers. httpclient5 5.6 (under opensearch-java 3.x) asks by
     * default and inflates every answer (transparent content decompression, HTTPCLIENT-1822): OpenSearch then compresses
     * each answer and the client's I/O thread inflates it, a cost that buys nothing on loopback or a LAN. httpclient5 5.4
     * (under 2.x) and the RestClient never ask.
     */
    public enum ResponseCompression {
        /** As the client library does by default. */
        CLIENT_DEFAULT,
        /** Never ask for compressed answers ({@code HttpAsyncClientBuilder.disableContentCompression()} where it exists). */
        OFF;

        public static ResponseCompression of(String option) {
            return parse(values(), "--response-compression", option);
        }
    }

    /** The command-line spelling of a value: lower case, '-' for '_'. */
    public static String option(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static <E extends Enum<E>> E parse(E[] values, String flag, String option) {
        return Arrays.stream(values).filter(v -> option(v).equals(option)).findFirst().orElseThrow(() -> new IllegalArgumentException(
            flag + " must be " + String.join(" or ", Arrays.stream(values).map(ClientOptions::option).toList()) + ", got '" + option + "'"));
    }

    public ClientOptions {
        if (transport == null || mapper == null || projection == null || responseCompression == null) {
            throw new IllegalArgumentException("--transport, --mapper, --projection and --response-compression must be given");
        }
        if (mapper == Mapper.PER_REQUEST && transport != Transport.REST_CLIENT) {
            // a RestClientTransport is a cheap wrapper around the shared RestClient, so a client per request is
            // what naive code does; the httpclient5 transport owns its connection pool and cannot be made per request
            throw new IllegalArgumentException("--mapper per-request needs --transport rest-client");
        }
    }
}
