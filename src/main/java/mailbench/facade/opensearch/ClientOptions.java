package mailbench.facade.opensearch;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.core.SearchRequest;

/**
 * How the facade's client talks to OpenSearch: the transport, whether one JSON mapper is shared
 * by all requests or a new one is built per request (the anti-pattern a variant measures), and
 * where a search's projection comes from; and a known cost added to each search and get ({@link InjectedCost}, none by default).
 */
public record ClientOptions(Transport transport, Mapper mapper, Projection projection, ResponseCompression responseCompression,
                            InjectedCost injectedCost, ResponseBuffer responseBuffer) {

    public static final ClientOptions DEFAULT = new ClientOptions(Transport.HTTPCLIENT5, Mapper.SHARED, Projection.DOC_VALUES);

    /** The client library's own choice of response compression (what an application gets without asking). */
    public ClientOptions(Transport transport, Mapper mapper, Projection projection) {
        this(transport, mapper, projection, ResponseCompression.CLIENT_DEFAULT);
    }

    /** Without an injected cost. */
    public ClientOptions(Transport transport, Mapper mapper, Projection projection, ResponseCompression responseCompression) {
        this(transport, mapper, projection, responseCompression, InjectedCost.NONE);
    }

    /** With the client's own response buffer. */
    public ClientOptions(Transport transport, Mapper mapper, Projection projection, ResponseCompression responseCompression,
                         InjectedCost injectedCost) {
        this(transport, mapper, projection, responseCompression, injectedCost, ResponseBuffer.CLIENT);
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

    /**
     * Where a search hit's id, subject, sender and date come from: each projection shapes the search it sends
     * ({@link #shape}) and reads OpenSearch's answer into a {@link SearchPage} ({@link #search}).
     */
    public enum Projection {
        /** Doc values only, no stored field read (see {@link DocValueHits}); generic JSON per hit. */
        DOC_VALUES(List.of(DocValueHits.MESSAGE_ID, DocValueHits.SUBJECT, DocValueHits.FROM, DocValueHits.RECEIVED_AT)) {
            @Override
            void shape(SearchRequest.Builder search) {
                search.storedFields("_none_");
                for (String field : fields) {
                    search.docvalueFields(f -> f.field(field));
                }
            }

            @Override
            CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
                throws IOException {
                return client._transport().performRequestAsync(request, DocValueHits.ENDPOINT, client._transportOptions());
            }
        },
        /** As {@link #DOC_VALUES}, but each hit's fields decoded typed (lists of strings), never as generic JSON values. */
        DOC_VALUES_TYPED(DOC_VALUES.fields) {
            @Override
            void shape(SearchRequest.Builder search) {
                DOC_VALUES.shape(search);
            }

            @Override
            CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
                throws IOException {
                return client._transport().performRequestAsync(request, DocValueHits.TYPED_ENDPOINT, client._transportOptions());
            }
        },
        /** The document id and a filtered {@code _source}, decoded into a typed record: the node decompresses each hit's stored document. */
        SOURCE(List.of("subject", "from", "receivedAt")) {
            @Override
            CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
                throws IOException {
                return SourceHits.SUMMARIES.search(client, index, request, stats);
            }
        },
        /** As {@link #SOURCE}, but each hit's {@code _source} decoded generically into {@code JsonData} (JSON-P values), then read by field name. */
        SOURCE_GENERIC(SOURCE.fields) {
            @Override
            CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
                throws IOException {
                return SourceHits.GENERICS.search(client, index, request, stats);
            }
        },
        /** The document id and the whole {@code _source} (attachment text included), decoded into {@link MailDocument}. */
        SOURCE_FULL(List.of()) {
            @Override
            void shape(SearchRequest.Builder search) {
                // no source filter: the whole stored document comes back
            }

            @Override
            CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request, SearchStats stats)
                throws IOException {
                return SourceHits.DOCUMENTS.search(client, index, request, stats);
            }
        };

        /** The fields a search asks for: doc-values fields, or the {@code _source} fields kept by its filter. */
        final List<String> fields;

        Projection(List<String> fields) {
            this.fields = fields;
        }

        public static Projection of(String option) {
            return parse(values(), "--projection", option);
        }

        /** What the search asks OpenSearch to return for each hit; the {@code _source} projections filter the source. */
        void shape(SearchRequest.Builder search) {
            search.source(src -> src.filter(f -> f.includes(fields)));
        }

        /**
         * Sends {@code request} (shaped by {@link #shape}) and reads the answer; the {@code _source} projections time their
         * decode in {@code stats}. The classes each one needs load on its first search only: opensearch-java 2.2.0 (a
         * doc-values variant) lacks the generic client the {@code _source} projections use.
         */
        abstract CompletableFuture<SearchPage> search(OpenSearchAsyncClient client, String index, SearchRequest request,
                                                      SearchStats stats) throws IOException;
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

    /**
     * How the httpclient5 transport holds an answer before it is parsed: the client's own consumer (a buffer sized from the
     * first chunk, then copied whole) or {@link SizedResponseConsumer} (one array sized from {@code Content-Length}, no
     * copy). Both refuse an answer over the facade's {@code --max-response-bytes} alike. The RestClient has its own.
     */
    public enum ResponseBuffer {
        CLIENT, SIZED;

        public static ResponseBuffer of(String option) {
            return parse(values(), "--response-buffer", option);
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
        if (transport == null || mapper == null || projection == null || responseCompression == null || injectedCost == null
            || responseBuffer == null) {
            throw new IllegalArgumentException("--transport, --mapper, --projection, --response-compression, --response-buffer and the"
                + " injected cost must be given");
        }
        if (responseBuffer == ResponseBuffer.SIZED && transport != Transport.HTTPCLIENT5) {
            throw new IllegalArgumentException("--response-buffer sized needs --transport httpclient5 (the RestClient buffers answers its own way)");
        }
        if (mapper == Mapper.PER_REQUEST && transport != Transport.REST_CLIENT) {
            // a RestClientTransport is a cheap wrapper around the shared RestClient, so a client per request is
            // what naive code does; the httpclient5 transport owns its connection pool and cannot be made per request
            throw new IllegalArgumentException("--mapper per-request needs --transport rest-client");
        }
    }
}
