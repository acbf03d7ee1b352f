package mailbench.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.corpus.CorpusSpec;
import mailbench.json.Json;

class BulkDocumentsTest {

    private final CorpusSpec spec = new CorpusSpec(42, 100_000, 20);
    private final BulkMatrix matrix = new BulkMatrix(List.of(10), List.of(1), 30, 0, 7);

    @Test
    void aFacadeBodyShouldBeOneMessagePerLine() throws Exception {
        BulkDocuments documents = BulkDocuments.of(spec, 30, matrix, false);

        String[] lines = new String(documents.body(10, 20), StandardCharsets.UTF_8).split("\n");

        assertThat(lines).hasSize(10);
        JsonNode first = Json.MAPPER.readTree(lines[0]);
        assertThat(first.get("mailboxId").asText()).startsWith("mbx-");
        assertThat(first.has("messageId")).isTrue();
    }

    @Test
    void aDirectBodyShouldNameEachDocumentWithTheFacadesId() throws Exception {
        BulkDocuments documents = BulkDocuments.of(spec, 30, matrix, true);

        String[] lines = new String(documents.body(0, 2), StandardCharsets.UTF_8).split("\n");

        assertThat(lines).hasSize(4);
        JsonNode source = Json.MAPPER.readTree(lines[1]);
        assertThat(Json.MAPPER.readTree(lines[0]).at("/index/_id").asText())
            .isEqualTo(source.get("mailboxId").asText() + ":" + source.get("messageId").asText());
    }

    @Test
    void theSameSpecShouldGiveTheSameDocumentsAndOnlyTheChosenOnesInvalid() throws Exception {
        BulkDocuments once = BulkDocuments.of(spec, 30, matrix, false);
        BulkDocuments again = BulkDocuments.of(spec, 30, matrix, false);

        assertThat(once.body(0, 30)).isEqualTo(again.body(0, 30));
        assertThat(Json.MAPPER.readTree(once.line(6)).has(BulkDocuments.INVALID_FIELD)).isTrue();
        assertThat(Json.MAPPER.readTree(once.line(5)).has(BulkDocuments.INVALID_FIELD)).isFalse();
    }
}
