package mailbench.facade.opensearch;

import java.io.StringWriter;

import jakarta.json.stream.JsonGenerator;

import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.BoolQuery;
import org.opensearch.client.opensearch._types.query_dsl.Operator;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.SearchRequest;

import mailbench.json.IsoInstants;
import mailbench.json.Json;

/**
 * The one place a {@link MailQuery} becomes OpenSearch's search request: the facade sends it, and the
 * direct path sends its JSON ({@link #body}), so the two paths compare the same query.
 */
public final class SearchRequests {

    private SearchRequests() {
    }

    /** The search of {@code query} in {@code index}, asking for what {@code projection} reads. */
    static SearchRequest of(String index, MailQuery query, ClientOptions.Projection projection) {
        BoolQuery.Builder bool = new BoolQuery.Builder();
        bool.filter(term("mailboxId", query.mailboxId()));
        if (query.from() != null) {
            bool.filter(term("from", query.from()));
        }
        if (query.to() != null) {
            bool.filter(term("to", query.to()));
        }
        for (String flag : query.flags()) {
            bool.filter(term("flags", flag));
        }
        if (query.after() != null || query.before() != null) {
            bool.filter(q -> q.range(r -> {
                r.field("receivedAt");
                if (query.after() != null) {
                    r.gte(JsonData.of(IsoInstants.format(query.after())));
                }
                if (query.before() != null) {
                    r.lt(JsonData.of(IsoInstants.format(query.before())));
                }
                return r;
            }));
        }
        if (query.text() != null) {
            bool.must(q -> q.multiMatch(m -> m.query(query.text()).fields("subject^2", "body").operator(Operator.And)));
        }
        if (query.subject() != null) {
            bool.must(q -> q.match(m -> m.field("subject").query(FieldValue.of(query.subject())).operator(Operator.And)));
        }
        BoolQuery boolQuery = bool.build();
        return SearchRequest.of(s -> {
            s.index(index)
                .query(q -> q.bool(boolQuery))
                .from(query.offset())
                .size(query.limit());
            projection.shape(s);
            switch (query.sort()) {
                case RECEIVED_AT_DESC -> s.sort(o -> o.field(f -> f.field("receivedAt").order(SortOrder.Desc)));
                case RECEIVED_AT_ASC -> s.sort(o -> o.field(f -> f.field("receivedAt").order(SortOrder.Asc)));
                case SIZE_DESC -> s.sort(o -> o.field(f -> f.field("size").order(SortOrder.Desc)));
                case SIZE_ASC -> s.sort(o -> o.field(f -> f.field("size").order(SortOrder.Asc)));
                case RELEVANCE -> s.sort(o -> o.score(sc -> sc.order(SortOrder.Desc)));
            }
            return s;
        });
    }

    /** The JSON body of the search the facade sends to {@code <index>/_search} for {@code query}. */
    public static String body(MailQuery query, ClientOptions.Projection projection) {
        JsonpMapper mapper = new JacksonJsonpMapper(Json.MAPPER);
        StringWriter json = new StringWriter();
        try (JsonGenerator generator = mapper.jsonProvider().createGenerator(json)) {
            // the index goes in the URL, never in the body
            of("any", query, projection).serialize(generator, mapper);
        }
        return json.toString();
    }

    private static Query term(String field, String value) {
        return Query.of(q -> q.term(t -> t.field(field).value(FieldValue.of(value))));
    }
}
