package mailbench.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.SearchParams;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.SearchRequests;
import mailbench.json.Json;

/**
 * The direct path must send the query the facade sends, or the facade-vs-direct ratio compares two queries: for every
 * row of the search feeders, the direct body (the Scala DirectSearchBodies, read by reflection: the simulations compile
 * after the Java tests) filled the way Gatling fills it equals the facade's body for the facade request of that row.
 */
class DirectSearchBodiesTest {

    private static final Path FEEDERS = Path.of("feeders");

    /** {@code columns}: each feeder column and the facade's query parameter it fills, as {@code column:param} pairs. */
    @ParameterizedTest(name = "{1}")
    @CsvSource({"Text, search-text.csv, term:text", "Sender, search-from.csv, from:from",
        "DateRange, date-range.csv, after:after before:before"})
    void everyFeederRowShouldSendTheFacadesQuery(String body, String feeder, String columns) throws Exception {
        assertEveryRow(body, feeder, columns.replace(' ', ':').split(":"));
    }

    /** The bodies written by hand before they came from the facade's builder: the same query, field order aside. */
    @Test
    void theBodiesShouldAskWhatTheHandWrittenOnesAsked() throws Exception {
        String mailbox = "{\"term\":{\"mailboxId\":{\"value\":\"#{mailboxId}\"}}}";
        String tail = "\"sort\":[{\"receivedAt\":{\"order\":\"desc\"}}],\"stored_fields\":[\"_none_\"],"
            + "\"docvalue_fields\":[{\"field\":\"messageId\"},{\"field\":\"subject.raw\"},{\"field\":\"from\"},{\"field\":\"receivedAt\"}],"
            + "\"from\":0,\"size\":20}";
        assertThat(tree(body("Text"))).isEqualTo(tree("{\"query\":{\"bool\":{\"filter\":[" + mailbox + "],\"must\":[{\"multi_match\":"
            + "{\"query\":\"#{term}\",\"fields\":[\"subject^2\",\"body\"],\"operator\":\"and\"}}]}}," + tail));
        assertThat(tree(body("Sender"))).isEqualTo(tree("{\"query\":{\"bool\":{\"filter\":[" + mailbox
            + ",{\"term\":{\"from\":{\"value\":\"#{from}\"}}}]}}," + tail));
        assertThat(tree(body("DateRange"))).isEqualTo(tree("{\"query\":{\"bool\":{\"filter\":[" + mailbox
            + ",{\"range\":{\"receivedAt\":{\"gte\":\"#{after}\",\"lt\":\"#{before}\"}}}]}}," + tail));
    }

    /** {@code columnsToParams}: pairs of a feeder column and the facade's query parameter it fills. */
    private static void assertEveryRow(String body, String feeder, String... columnsToParams) throws Exception {
        String template = body(body);
        List<String> lines = Files.readAllLines(FEEDERS.resolve(feeder), StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).split(","));
        assertThat(lines).as(feeder).hasSizeGreaterThan(1);
        for (String line : lines.subList(1, lines.size())) {
            String[] row = line.split(",", -1);
            String direct = template.replace("#{mailboxId}", row[header.indexOf("mailboxId")]);
            Map<String, List<String>> params = new LinkedHashMap<>();
            for (int i = 0; i < columnsToParams.length; i += 2) {
                String value = row[header.indexOf(columnsToParams[i])];
                direct = direct.replace("#{" + columnsToParams[i] + "}", value);
                params.put(columnsToParams[i + 1], List.of(value));
            }
            String facade = SearchRequests.body(SearchParams.parse(row[header.indexOf("mailboxId")], params),
                ClientOptions.DEFAULT.projection());
            assertThat(tree(direct)).as(feeder + " row " + line).isEqualTo(tree(facade));
        }
    }

    private static String body(String name) throws Exception {
        return (String) Class.forName("mailbench.gatling.DirectSearchBodies").getMethod(name).invoke(null);
    }

    private static JsonNode tree(String json) throws Exception {
        return Json.MAPPER.readTree(json);
    }
}
