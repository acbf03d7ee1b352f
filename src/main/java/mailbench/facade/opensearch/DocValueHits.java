package mailbench.facade.opensearch;

import java.util.List;
import java.util.Map;

import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.JsonpUtils;
import org.opensearch.client.json.ObjectDeserializer;
import org.opensearch.client.opensearch.core.SearchRequest;
import org.opensearch.client.transport.endpoints.SimpleEndpoint;

import mailbench.json.IsoInstants;

import jakarta.json.JsonArray;
import jakarta.json.JsonValue;

/**
 * The search response of the doc-values projection ({@link ClientOptions.Projection#DOC_VALUES}):
 * hits carry no stored fields at all ({@code stored_fields: _none_}), only {@code fields} read from
 * doc values. Reading any stored field, even just {@code _id}, makes the node decompress the
 * whole stored document (body included): about half of its CPU per search on this corpus.
 *
 * <p>Without {@code _id} the client's own {@code Hit} cannot be built (the id is required), so
 * this is the client's search endpoint with a response deserializer of our own, made of the
 * client's JSON-P building blocks. Each hit's {@code fields} are parsed exactly as
 * {@code Hit.fields()} parses them, as generic {@link JsonData}: the path on which opensearch-java
 * 2.2.0 looks up its JSON provider (issue #292). {@link #TYPED_ENDPOINT} reads the same answer with the fields
 * typed (each a list of strings, the client's own array and string deserializers), the generic values never built: what
 * an application that knows its fields can do through the client's public API (projection {@code doc-values-typed}).
 */
public final class DocValueHits {

    public static final String MESSAGE_ID = "messageId";
    public static final String SUBJECT = "subject.raw";
    public static final String FROM = "from";
    public static final String RECEIVED_AT = "receivedAt";

    /** Each hit's fields as generic {@link JsonData}, as {@code Hit.fields()} has them. */
    public static final SimpleEndpoint<SearchRequest, SearchPage> ENDPOINT = SearchRequest._ENDPOINT.withResponseDeserializer(page(hit()));
    /** Each hit's fields as lists of strings. */
    public static final SimpleEndpoint<SearchRequest, SearchPage> TYPED_ENDPOINT =
        SearchRequest._ENDPOINT.withResponseDeserializer(page(typedHit()));

    private DocValueHits() {
    }

    private static final class PageBuilder {
        long total = -1;
        List<SearchPage.Hit> hits = List.of();
    }

    private static JsonpDeserializer<SearchPage> page(JsonpDeserializer<SearchPage.Hit> hit) {
        ObjectDeserializer<PageBuilder> total = skippingUnknown(PageBuilder::new);
        total.add((b, value) -> b.total = value, JsonpDeserializer.longDeserializer(), "value");

        ObjectDeserializer<PageBuilder> hits = skippingUnknown(PageBuilder::new);
        hits.add((b, value) -> b.total = value.total, total, "total");
        hits.add((b, value) -> b.hits = value, JsonpDeserializer.arrayDeserializer(hit), "hits");

        ObjectDeserializer<PageBuilder> response = skippingUnknown(PageBuilder::new);
        response.add((b, value) -> {
            b.total = value.total;
            b.hits = value.hits;
        }, hits, "hits");
        return JsonpDeserializer.of(response.acceptedEvents(), (parser, mapper, event) -> {
            PageBuilder b = response.deserialize(parser, mapper, event);
            return new SearchPage(b.total < 0 ? b.hits.size() : b.total, b.hits);
        });
    }

    private static final class HitBuilder {
        Map<String, JsonData> fields = Map.of();
    }

    private static JsonpDeserializer<SearchPage.Hit> hit() {
        ObjectDeserializer<HitBuilder> hit = skippingUnknown(HitBuilder::new);
        hit.add((b, value) -> b.fields = value, JsonpDeserializer.stringMapDeserializer(JsonData._DESERIALIZER), "fields");
        return JsonpDeserializer.of(hit.acceptedEvents(), (parser, mapper, event) -> {
            Map<String, JsonData> fields = hit.deserialize(parser, mapper, event).fields;
            String receivedAt = first(fields, RECEIVED_AT);
            return new SearchPage.Hit(first(fields, MESSAGE_ID), first(fields, SUBJECT), first(fields, FROM),
                receivedAt == null ? null : IsoInstants.parse(receivedAt));
        });
    }

    private static final class TypedHitBuilder {
        String messageId;
        String subject;
        String from;
        String receivedAt;
    }

    private static JsonpDeserializer<SearchPage.Hit> typedHit() {
        JsonpDeserializer<List<String>> values = JsonpDeserializer.arrayDeserializer(JsonpDeserializer.stringDeserializer());
        ObjectDeserializer<TypedHitBuilder> fields = skippingUnknown(TypedHitBuilder::new);
        fields.add((b, value) -> b.messageId = first(value), values, MESSAGE_ID);
        fields.add((b, value) -> b.subject = first(value), values, SUBJECT);
        fields.add((b, value) -> b.from = first(value), values, FROM);
        fields.add((b, value) -> b.receivedAt = first(value), values, RECEIVED_AT);
        ObjectDeserializer<TypedHitBuilder> hit = skippingUnknown(TypedHitBuilder::new);
        hit.add((b, value) -> {
            b.messageId = value.messageId;
            b.subject = value.subject;
            b.from = value.from;
            b.receivedAt = value.receivedAt;
        }, fields, "fields");
        return JsonpDeserializer.of(hit.acceptedEvents(), (parser, mapper, event) -> {
            TypedHitBuilder b = hit.deserialize(parser, mapper, event);
            return new SearchPage.Hit(b.messageId, b.subject, b.from, b.receivedAt == null ? null : IsoInstants.parse(b.receivedAt));
        });
    }

    private static String first(List<String> values) {
        return values.isEmpty() ? null : values.get(0);
    }

    /** A doc-values field is an array of values; these fields hold one (or none when missing, e.g. a subject over ignore_above). */
    private static String first(Map<String, JsonData> fields, String name) {
        JsonData data = fields.get(name);
        if (data == null) {
            return null;
        }
        JsonValue value = data.toJson();
        if (value instanceof JsonArray array && !array.isEmpty()) {
            return array.getString(0);
        }
        return null;
    }

    /** Responses carry more than we read (took, _shards, scores, sort values): skip it whatever the mapper's setting. */
    private static <B> ObjectDeserializer<B> skippingUnknown(java.util.function.Supplier<B> builder) {
        ObjectDeserializer<B> deserializer = new ObjectDeserializer<>(builder);
        deserializer.setUnknownFieldHandler((b, name, parser, mapper) -> JsonpUtils.skipValue(parser));
        return deserializer;
    }
}
