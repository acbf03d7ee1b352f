package mailbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** The saved objects in docs/dashboards chart only fields the results index template types, each with a type its chart can use. */
class DashboardsTest {

    private static final Set<String> NUMERIC = Set.of("double", "long", "integer", "float");

    private static JsonNode mappings() throws IOException {
        return Json.MAPPER.readTree(ResultsIndex.template()).at("/template/mappings");
    }

    /** The type the template gives {@code field}: its explicit property, else the first dynamic template whose path_match fits. */
    private static String typeOf(String field) throws IOException {
        JsonNode node = mappings();
        for (String part : field.split("\\.")) {
            node = node.path("properties").path(part);
        }
        if (node.has("type")) {
            return node.get("type").asText();
        }
        for (JsonNode template : mappings().path("dynamic_templates")) {
            JsonNode rule = template.elements().next();
            String glob = rule.path("path_match").asText();
            if (!glob.isEmpty() && field.matches(glob.replace(".", "\\.").replace("*", "[^.]+"))) {
                return rule.at("/mapping/type").asText();
            }
        }
        return null;
    }

    @Test
    void everyAggregatedFieldShouldBeTypedByTheTemplateAsItsAggregationNeeds() throws IOException {
        Map<String, String> fields = DashboardObjects.aggregatedFields();

        assertThat(fields).isNotEmpty().containsKeys("p99Ms", "cpuMsPerRequest", "commit", "perRequest.search_by_text.p99Ms");
        for (Map.Entry<String, String> field : fields.entrySet()) {
            String type = typeOf(field.getKey());
            assertThat(type).as(field.getKey() + " in the template").isNotNull();
            switch (field.getValue()) {
                case "avg", "sum", "min" -> assertThat(NUMERIC).as(field.getKey()).contains(type);
                case "max" -> assertThat(type).as(field.getKey()).isIn("double", "long", "integer", "date");
                case "terms" -> assertThat(type).as(field.getKey()).isEqualTo("keyword");
                case "date_histogram" -> assertThat(type).as(field.getKey()).isEqualTo("date");
                default -> throw new AssertionError("no rule for the aggregation " + field.getValue() + " on " + field.getKey());
            }
        }
    }

    @Test
    void theIndexPatternShouldNameTheIndexAndItsTimeFieldAndEveryVisualizationShouldUseIt() throws IOException {
        List<JsonNode> objects = DashboardObjects.read();
        JsonNode pattern = objects.stream().filter(o -> "index-pattern".equals(o.path("type").asText())).findFirst().orElseThrow();

        assertThat(pattern.at("/attributes/title").asText()).isEqualTo(ResultsIndex.INDEX);
        assertThat(typeOf(pattern.at("/attributes/timeFieldName").asText())).isEqualTo("date");
        List<JsonNode> visualizations = objects.stream().filter(o -> "visualization".equals(o.path("type").asText())).toList();
        assertThat(visualizations).hasSizeGreaterThanOrEqualTo(3);
        for (JsonNode visualization : visualizations) {
            assertThat(visualization.path("references").findValuesAsText("id")).as(visualization.path("id").asText())
                .containsExactly(pattern.path("id").asText());
            JsonNode search = Json.MAPPER.readTree(visualization.at("/attributes/kibanaSavedObjectMeta/searchSourceJSON").asText());
            assertThat(search.path("indexRefName").asText()).isEqualTo(visualization.at("/references/0/name").asText());
        }
    }

    @Test
    void thePerRequestFieldsShouldBeTheNamesARunWrites() {
        assertThat(ResultDocument.fieldName("Search by text")).isEqualTo("search_by_text");
        assertThat(ResultDocument.fieldName("Get message by id")).isEqualTo("get_message_by_id");
        assertThat(ResultDocument.fieldName("  Warm-up: Search.by date ")).isEqualTo("warm_up_search_by_date");
    }
}
