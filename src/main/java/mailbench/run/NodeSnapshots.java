package mailbench.run;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

import mailbench.access.OpenSearchHttp;

/**
 * OpenSearch's own account of a run: {@code _nodes/stats} and {@code _nodes/hot_threads} when the load starts and when it
 * ends, into the run's {@code logs/}. The difference says what the node did meanwhile (GC counts and times, flushes,
 * refreshes, merges, thread-pool rejections), so a stall in an error window can be named from the run folder alone.
 */
public final class NodeSnapshots {

    static final String STATS = "node-stats-%s.json";
    static final String HOT_THREADS = "node-hot-threads-%s.txt";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private NodeSnapshots() {
    }

    /** Writes both snapshots for {@code when} ("before", "after"); a failure is an event, never a failed run. */
    public static void write(OpenSearchHttp opensearch, Path logs, String when, Consumer<String> events) {
        try {
            Files.createDirectories(logs);
            save(opensearch, "/_nodes/stats?human=false", logs.resolve(String.format(STATS, when)));
            save(opensearch, "/_nodes/hot_threads?threads=5&ignore_idle_threads=true", logs.resolve(String.format(HOT_THREADS, when)));
        } catch (IOException e) {
            events.accept("no node snapshot " + when + " the load: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void save(OpenSearchHttp opensearch, String path, Path file) throws IOException, InterruptedException {
        HttpResponse<String> response = opensearch.send("GET", path, null, TIMEOUT);
        if (response.statusCode() / 100 != 2) {
            throw new IOException("OpenSearch answered " + response.statusCode() + " to GET " + path);
        }
        Files.writeString(file, response.body(), StandardCharsets.UTF_8);
    }
}
