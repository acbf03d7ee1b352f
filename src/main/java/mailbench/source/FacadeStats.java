package mailbench.source;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.MailRoutes;
import mailbench.facade.opensearch.SearchStats;
import mailbench.json.Json;

/** Reads a facade's search counters ({@code GET /_mailbench/stats}): one reading at each end of the measured phase. */
public final class FacadeStats {

    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .connectTimeout(Duration.ofSeconds(5)).build();

    /** One reading: the facade's projection and its counters. */
    public record Reading(String projection, SearchStats.Snapshot searches) {
    }

    private FacadeStats() {
    }

    public static Reading read(URI facade) throws IOException, InterruptedException {
        URI url = facade.resolve(MailRoutes.STATS_PATH);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(url + " answered " + response.statusCode() + ": is the target a mailbench facade of this version?");
        }
        JsonNode body = Json.MAPPER.readTree(response.body());
        return new Reading(body.path("projection").asText(), Json.MAPPER.treeToValue(body.get("searches"), SearchStats.Snapshot.class));
    }
}
