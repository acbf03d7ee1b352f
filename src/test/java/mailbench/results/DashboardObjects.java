package mailbench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** The OpenSearch Dashboards saved objects in docs/dashboards, read as Dashboards reads an export: one JSON object a line. */
public final class DashboardObjects {

    public static final Path FILE = Path.of("docs", "dashboards", "mailbench-results.ndjson");

    private DashboardObjects() {
    }

    public static List<JsonNode> read() throws IOException {
        List<JsonNode> objects = new ArrayList<>();
        for (String line : Files.readAllLines(FILE)) {
            if (!line.isBlank()) {
                objects.add(Json.MAPPER.readTree(line));
            }
        }
        return objects;
    }

    /** Every field a visualization aggregates on, with the aggregation's type (avg, max, terms, date_histogram). */
    public static Map<String, String> aggregatedFields() throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        for (JsonNode object : read()) {
            if ("visualization".equals(object.path("type").asText())) {
                JsonNode state = Json.MAPPER.readTree(object.at("/attributes/visState").asText());
                for (JsonNode agg : state.path("aggs")) {
                    if (agg.at("/params/field").isTextual()) {
                        fields.put(agg.at("/params/field").asText(), agg.path("type").asText());
                    }
                }
            }
        }
        return fields;
    }
}
