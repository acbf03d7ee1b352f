package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.opensearch.ClientOptions.Projection;
import mailbench.json.Json;

/** Each projection asks OpenSearch for exactly what it reads, and nothing else of a hit. */
class SearchRequestsTest {

    private static final MailQuery QUERY = new MailQuery("mbx-1", "hello", "a@example.com", null, null,
        Instant.parse("2024-01-01T00:00:00Z"), null, List.of(), MailQuery.Sort.RECEIVED_AT_DESC, 20, 0);

    @Test
    void docValuesShouldReadNoStoredFieldAndAskForTheHitsFieldsFromDocValues() throws Exception {
        JsonNode body = body(Projection.DOC_VALUES);

        assertThat(body.get("stored_fields").toString()).isEqualTo("[\"_none_\"]");
        assertThat(body.get("docvalue_fields").toString())
            .isEqualTo("[{\"field\":\"messageId\"},{\"field\":\"subject.raw\"},{\"field\":\"from\"},{\"field\":\"receivedAt\"}]");
        assertThat(body.has("_source")).isFalse();
    }

    @Test
    void theFilteredSourceProjectionsShouldKeepOnlyTheListingFields() throws Exception {
        for (Projection projection : List.of(Projection.SOURCE, Projection.SOURCE_GENERIC)) {
            JsonNode body = body(projection);

            assertThat(body.get("_source").toString()).as(projection.name()).isEqualTo("{\"includes\":[\"subject\",\"from\",\"receivedAt\"]}");
            assertThat(body.has("stored_fields") || body.has("docvalue_fields")).as(projection.name()).isFalse();
        }
    }

    @Test
    void theFullSourceShouldAskForTheWholeStoredDocument() throws Exception {
        JsonNode body = body(Projection.SOURCE_FULL);

        assertThat(body.has("_source") || body.has("stored_fields") || body.has("docvalue_fields")).isFalse();
    }

    @Test
    void theQueryShouldNotDependOnTheProjection() throws Exception {
        for (Projection projection : Projection.values()) {
            assertThat(body(projection).get("query")).as(projection.name()).isEqualTo(body(Projection.DOC_VALUES).get("query"));
            assertThat(body(projection).get("sort").toString()).isEqualTo("[{\"receivedAt\":{\"order\":\"desc\"}}]");
        }
    }

    private static JsonNode body(Projection projection) throws Exception {
        return Json.MAPPER.readTree(SearchRequests.body(QUERY, projection));
    }
}
