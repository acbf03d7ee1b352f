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

    /** Deletes the index if it exists and creates it again from {@code createBody} (settings and mappings). */
    public static void recreateIndex(URI opensearch, String index, String createBody) throws IOException, InterruptedException {
        HttpRequest delete = HttpRequest.newBuilder(opensearch.resolve("/" + index)).timeout(Duration.ofMinutes(1)).DELETE().build();
        HttpResponse<String> deleted = HTTP.send(delete, HttpResponse.BodyHandlers.ofString());
        if (deleted.statusCode() / 100 != 2 && deleted.statusCode() != 404) {
            throw new IOException("OpenSearch answered " + deleted.statusCode() + " to DELETE /" + index + ": " + deleted.body());
        }
        HttpRequest create = HttpRequest.newBuilder(opensearch.resolve("/" + index + "?wait_for_active_shards=1"))
            .timeout(Duration.ofMinutes(1)).header("content-type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(createBody)).build();
        HttpResponse<String> created = HTTP.send(create, HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() / 100 != 2) {
            throw new IOException("OpenSearch answered " + created.statusCode() + " to PUT /" + index + ": " + created.body());
        }
    }

    /** Makes everything indexed so far visible to searches and counts. */
    public static void refresh(URI opensearch, String index) throws IOException, InterruptedException {
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
