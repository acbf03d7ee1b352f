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
