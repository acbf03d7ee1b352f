package mailbench.loader;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.access.OpenSearchHttp;
import mailbench.json.Json;

/** The few calls the stack makes straight to OpenSearch (never in the measured path). */
public final class OpenSearchAdmin {

    private OpenSearchAdmin() {
    }

    public static void forceMerge(OpenSearchHttp opensearch, String index) throws IOException, InterruptedException {
        call(opensearch, "POST", "/" + index + "/_forcemerge?max_num_segments=1", Duration.ofMinutes(10));
        call(opensearch, "POST", "/" + index + "/_refresh", Duration.ofMinutes(1));
    }

    /** Deletes the index if it exists and creates it again from {@code createBody} (settings and mappings). */
    public static void recreateIndex(OpenSearchHttp opensearch, String index, String createBody) throws IOException, InterruptedException {
        HttpResponse<String> deleted = opensearch.send("DELETE", "/" + index, null, Duration.ofMinutes(1));
        if (deleted.statusCode() / 100 != 2 && deleted.statusCode() != 404) {
            throw new IOException("OpenSearch answered " + deleted.statusCode() + " to DELETE /" + index + ": " + deleted.body());
        }
        HttpResponse<String> created = opensearch.send("PUT", "/" + index + "?wait_for_active_shards=1",
            createBody.getBytes(java.nio.charset.StandardCharsets.UTF_8), Duration.ofMinutes(1));
        if (created.statusCode() / 100 != 2) {
            throw new IOException("OpenSearch answered " + created.statusCode() + " to PUT /" + index + ": " + created.body());
        }
    }

    /** Makes everything indexed so far visible to searches and counts. */
    public static void refresh(OpenSearchHttp opensearch, String index) throws IOException, InterruptedException {
        call(opensearch, "POST", "/" + index + "/_refresh", Duration.ofMinutes(1));
    }

    public static long count(OpenSearchHttp opensearch, String index) throws IOException, InterruptedException {
        return call(opensearch, "GET", "/" + index + "/_count", Duration.ofMinutes(1)).get("count").asLong();
    }

    static JsonNode call(OpenSearchHttp opensearch, String method, String path, Duration timeout) throws IOException, InterruptedException {
        HttpResponse<String> response = opensearch.send(method, path, null, timeout);
        if (response.statusCode() / 100 != 2) {
            throw new IOException("OpenSearch answered " + response.statusCode() + " to " + method + " " + path + ": " + response.body());
        }
        return Json.MAPPER.readTree(response.body());
    }
}
