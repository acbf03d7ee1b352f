package mailbench.nightly;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import mailbench.json.Json;

/**
 * The OpenSearch index {@value #INDEX} where a nightly job leaves one document per run, so
 * operators can chart trends (OpenSearch Dashboards, or a plain query). Each document has a
 * stable id (night + run), so sending a night again replaces its documents instead of doubling them.
 */
final class ResultsIndex {

    static final String INDEX = "mailbench-results";

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    ResultsIndex(URI base) {
        String url = base.toString();
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
    }

    /** Indexes one document; returns null, or why it failed (the night's verdict does not depend on it). */
    String put(String id, Map<String, Object> document) {
        try {
            HttpRequest request = HttpRequest.newBuilder(base.resolve(INDEX + "/_doc/" + id + "?refresh=wait_for"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(document)))
                .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() / 100 == 2 ? null
                : "OpenSearch answered " + response.statusCode() + ": " + abbreviate(response.body());
        } catch (IOException e) {
            return "cannot reach " + base + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String abbreviate(String body) {
        return body.length() <= 300 ? body : body.substring(0, 300) + "...";
    }
}
