package mailbench.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A named way the local facade talks to OpenSearch, under identical load: the before/after axis
 * ({@code -Dmailbench.variant}). To add one, add a line to {@link #ALL} (and to docs/before-after.adoc's
 * table): a client version to swap in (null keeps the one pom.xml pins) and facade options.
 */
public record Variant(String name, String description, String opensearchJava, List<String> facadeArgs) {

    public static final Map<String, Variant> ALL = byName(
        new Variant("default", "opensearch-java as pinned, ApacheHttpClient5Transport, one shared mapper, hits from doc values", null,
            List.of()),
        new Variant("source-projection", "as default, but hits from _id and a filtered _source (typed): the node reads stored fields",
            null, List.of("--projection", "source")),
        new Variant("source-generic", "as source-projection, but each hit's _source decoded into generic JsonData, not a typed record",
            null, List.of("--projection", "source-generic")),
        new Variant("source-full", "as default, but hits from _id and the whole _source decoded into the typed document (attachment"
            + " text included): what code that asks for whole documents to list them pays", null, List.of("--projection", "source-full")),
        new Variant("rest-client", "opensearch-java as pinned on RestClientTransport: the base for the two below", null,
            List.of("--transport", "rest-client")),
        new Variant("opensearch-java-2.2.0", "opensearch-java 2.2.0 (a JSON provider SPI lookup per response parser, issue #292)"
            + " on RestClientTransport", "2.2.0", List.of("--transport", "rest-client")),
        new Variant("mapper-per-request", "a new client, transport and JacksonJsonpMapper for every request, on RestClientTransport",
            null, List.of("--transport", "rest-client", "--mapper", "per-request")),
        // 3.x's RestClientTransport needs opensearch-rest-client 3.x, which the facade does not carry: httpclient5 only
        new Variant("opensearch-java-3.9.0", "opensearch-java 3.9.0 (the newest 3.x) on ApacheHttpClient5Transport, with the newer"
            + " httpclient5/httpcore5 it declares: the default's 2.x -> 3.x upgrade", "3.9.0", List.of()),
        new Variant("opensearch-java-3.9.0-uncompressed", "as opensearch-java-3.9.0, but the client never asks OpenSearch for"
            + " gzip-compressed answers (httpclient5 5.6 does by default)", "3.9.0", List.of("--response-compression", "off")),
        // a client patch: a change proposed upstream, measured before the client has it (src/client-patches)
        new Variant("request-buffer-sized", "as default, with opensearch-java's request entity producer sized to the body (below"
            + " 8 KiB) instead of 8 KiB per request plus an 8 KiB transfer array: the client patch of that name",
            null, List.of("--client-patch", "request-buffer-sized")),
        // a user-side remedy through the client's public API, no patch
        new Variant("response-buffer-sized", "as default, with each answer buffered once, in an array sized from its Content-Length,"
            + " instead of the transport's buffer copied whole: a response consumer of the facade's own", null,
            List.of("--response-buffer", "sized")),
        new Variant("fields-typed", "as default, with each hit's doc-values fields decoded as lists of strings instead of generic"
            + " JsonData (JSON-P values): a response deserializer of the facade's own", null, List.of("--projection", "doc-values-typed")),
        new Variant("client-remedies", "the three above together: request-buffer-sized, response-buffer-sized and fields-typed", null,
            List.of("--client-patch", "request-buffer-sized", "--response-buffer", "sized", "--projection", "doc-values-typed")));

    public Variant {
        facadeArgs = List.copyOf(facadeArgs);
    }

    /** The variant of a local run; the message lists the known names. */
    public static Variant named(String name) {
        Variant variant = ALL.get(name);
        if (variant == null) {
            throw new IllegalArgumentException("-Dmailbench.variant: no local variant '" + name + "'; known: " + String.join(", ", ALL.keySet())
                + " (against -Dmailbench.target any label is accepted)");
        }
        return variant;
    }

    private static Map<String, Variant> byName(Variant... variants) {
        Map<String, Variant> map = new LinkedHashMap<>();
        for (Variant variant : variants) {
            map.put(variant.name(), variant);
        }
        return java.util.Collections.unmodifiableMap(map);
    }
}
