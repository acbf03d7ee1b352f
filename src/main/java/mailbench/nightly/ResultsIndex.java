package mailbench.nightly;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.json.Json;

/**
 * The OpenSearch index {@value #INDEX} where a nightly job leaves one document per run, so
 * operators can chart trends (OpenSearch Dashboards, or a plain query). Each document has a
 * stable id (night + run), so sending a night again replaces its documents instead of doubling them.
 */
final class ResultsIndex {

    static final String INDEX = "mailbench-results";

    private final OpenSearchHttp http;

    ResultsIndex(List<URI> hosts, OpenSearchAccess access) {
        this.http = new OpenSearchHttp(hosts, access);
    }

    /** Indexes one document; returns null, or why it failed (the night's verdict does not depend on it). */
    String put(String id, Map<String, Object> document) {
        try {
            HttpResponse<String> response = http.send("PUT", "/" + INDEX + "/_doc/" + id + "?refresh=wait_for",
                Json.MAPPER.writeValueAsBytes(document), Duration.ofSeconds(30));
            return response.statusCode() / 100 == 2 ? null
                : "OpenSearch answered " + response.statusCode() + ": " + abbreviate(response.body());
        } catch (IOException e) {
            return "cannot reach " + http.hosts() + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String abbreviate(String body) {
        return body.length() <= 300 ? body : body.substring(0, 300) + "...";
    }
}
