package mailbench.loader;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** The few calls the local stack makes straight to OpenSearch (never in the measured path). */
public final class OpenSearchAdmin {

    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).build();

    private OpenSearchAdmin() {
    }

    public static void forceMerge(URI opensearch, String index) throws IOException, InterruptedException {
        call(opensearch, "POST", "/" + index + "/_forcemerge?max_num_segments=1", Duration.ofMinutes(10));
        call(opensearch, "POST", "/" + index + "/_refresh", Duration.ofMinutes(1));
    }

    public static long count(URI opensearch, String index) throws IOException, InterruptedException {
        return call(opensearch, "GET", "/" + index + "/_count", Duration.ofMinutes(1)).get("count").asLong();
    }

    static JsonNode call(URI opensearch, String method, String path, Duration timeout) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(opensearch.resolve(path)).timeout(timeout)
            .method(method, HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException("OpenSearch answered " + response.statusCode() + " to " + method + " " + path + ": " + response.body());
        }
        return Json.MAPPER.readTree(response.body());
    }
}
