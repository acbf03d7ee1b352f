package mailbench.results;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.json.Json;

/**
 * The OpenSearch index {@value #INDEX} where runs leave one document each (see {@link ResultDocument}), so operators
 * can chart trends (OpenSearch Dashboards, or a plain query). Before its first document it puts the index template
 * {@value #TEMPLATE} (the same body every time, so putting it again changes nothing), which types every field: without
 * it OpenSearch would guess, and a first night whose CPU figure was a whole number would make it a long for good.
 * Each document has a stable id, so sending a run again replaces its document instead of doubling it.
 */
public final class ResultsIndex {

    public static final String INDEX = "mailbench-results";
    public static final String TEMPLATE = "mailbench-results";
    /** The template's body, on the classpath beside this class. */
    public static final String TEMPLATE_RESOURCE = "results-template.json";

    private final OpenSearchHttp http;
    private boolean templatePut;

    public ResultsIndex(List<URI> hosts, OpenSearchAccess access) {
        this.http = new OpenSearchHttp(hosts, access);
    }

    /** Indexes one document; returns null, or why it failed (a run's verdict never depends on it). */
    public String put(String id, Map<String, Object> document) {
        try {
            if (!templatePut) {
                String problem = answer(http.send("PUT", "/_index_template/" + TEMPLATE, template(), Duration.ofSeconds(30)));
                if (problem != null) {
                    return "the index template " + TEMPLATE + " was refused: " + problem;
                }
                templatePut = true;
            }
            return answer(http.send("PUT", "/" + INDEX + "/_doc/" + id + "?refresh=wait_for", Json.MAPPER.writeValueAsBytes(document),
                Duration.ofSeconds(30)));
        } catch (IOException e) {
            // unreachable, or refused (a 403 names the permission): the message says which
            return "the call to " + http.hosts() + " failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * Indexes the document of the run folder {@code folder} ({@link ResultDocument}) with {@code extra} fields over it;
     * returns null, or why it failed.
     */
    public String putRun(String id, Path folder, Map<String, Object> extra) {
        Map<String, Object> document;
        try {
            document = ResultDocument.of(folder);
        } catch (IOException e) {
            return "cannot read the run folder " + folder + ": " + e.getMessage();
        }
        document.putAll(extra);
        return put(id, document);
    }

    /** The template's JSON, as sent. */
    public static byte[] template() throws IOException {
        try (InputStream in = ResultsIndex.class.getResourceAsStream(TEMPLATE_RESOURCE)) {
            if (in == null) {
                throw new IOException(TEMPLATE_RESOURCE + " is not on the classpath next to " + ResultsIndex.class.getName());
            }
            return in.readAllBytes();
        }
    }

    private static String answer(HttpResponse<String> response) {
        return response.statusCode() / 100 == 2 ? null : "OpenSearch answered " + response.statusCode() + ": " + abbreviate(response.body());
    }

    private static String abbreviate(String body) {
        return body.length() <= 300 ? body : body.substring(0, 300) + "...";
    }
}
