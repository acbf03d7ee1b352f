package mailbench.loader;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.corpus.CorpusGenerator;
import mailbench.corpus.CorpusSpec;
import mailbench.corpus.MailMessage;
import mailbench.facadeclient.FacadeAccess;
import mailbench.json.Json;

/**
 * Loads a generated corpus through the facade's bulk endpoint (so it works the same against a
 * local stack or a staging facade), a few bulks in flight, with progress. Any refused item
 * stops the load with its reason: a corpus is complete or the run does not start.
 */
public final class CorpusLoader {

    public static final int BATCH = 1_000;
    /**
     * A bulk closes at this many bytes too, whatever its count: half the facade's default --max-body-bytes
     * (32 MiB), far under OpenSearch's http.max_content_length (100 MB). A larger message goes alone.
     */
    public static final int BATCH_BYTES = 16 * 1024 * 1024;
    static final int IN_FLIGHT = 2;
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(3);

    private final URI facade;
    private final FacadeAccess access;
    private final Consumer<String> progress;

    public CorpusLoader(URI facade, Consumer<String> progress) {
        this(facade, FacadeAccess.NONE, progress);
    }

    /** Sending every bulk with the facade's token and TLS trust. */
    public CorpusLoader(URI facade, FacadeAccess access, Consumer<String> progress) {
        this.facade = facade;
        this.access = access;
        this.progress = progress;
    }

    /** Returns the number of messages indexed (always the spec's count, or it throws). */
    public long load(CorpusSpec spec) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long lastReport = start;
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        Batches messages = new Batches(new CorpusGenerator(spec).iterator());
        long sent = 0;
        long bytes = 0;
        progress.accept(String.format("loading corpus: %,d messages, %,d users, seed %d%s", spec.messages(), spec.users(), spec.seed(),
            spec.attachmentTextBytes() == 0 ? "" : String.format(", %,d bytes of attachment text each", spec.attachmentTextBytes())));
        while (messages.hasNext()) {
            byte[] body = messages.next();
            int count = countLines(body);
            bytes += body.length;
            inFlight.acquire();
            pending.removeIf(CompletableFuture::isDone);
            failFast(pending);
            pending.add(send(body).whenComplete((ok, error) -> inFlight.release()));
            sent += count;
            long now = System.nanoTime();
            if (now - lastReport > PROGRESS_EVERY.toNanos() || !messages.hasNext()) {
                lastReport = now;
                double seconds = (now - start) / 1e9;
                progress.accept(String.format("loading corpus: %,d/%,d messages (%d%%), %,.0f msg/s, %,.1f MB/s", sent, spec.messages(),
                    sent * 100 / spec.messages(), sent / Math.max(seconds, 1e-3), bytes / 1e6 / Math.max(seconds, 1e-3)));
            }
        }
        try {
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
        send(new byte[0], "/messages/_refresh", "application/json").join();
        progress.accept(String.format("corpus loaded: %,d messages in %.1f s", sent, (System.nanoTime() - start) / 1e9));
        return sent;
    }

    private static void failFast(List<CompletableFuture<Void>> pending) throws IOException {
        for (CompletableFuture<Void> future : pending) {
            if (future.isCompletedExceptionally()) {
                try {
                    future.join();
                } catch (java.util.concurrent.CompletionException e) {
                    throw new IOException(e.getCause().getMessage(), e.getCause());
                }
            }
        }
    }

    /** NDJSON bulks of at most {@link #BATCH} messages and {@link #BATCH_BYTES} bytes; a message larger than that goes alone. */
    static final class Batches {
        private final Iterator<MailMessage> messages;
        private byte[] carried;

        Batches(Iterator<MailMessage> messages) {
            this.messages = messages;
        }

        boolean hasNext() {
            return carried != null || messages.hasNext();
        }

        byte[] next() throws IOException {
            ByteArrayOutputStream ndjson = new ByteArrayOutputStream(BATCH * 2048);
            for (int count = 0; count < BATCH && hasNext(); count++) {
                byte[] line = carried != null ? carried : line(messages.next());
                carried = null;
                if (count > 0 && ndjson.size() + line.length > BATCH_BYTES) {
                    carried = line;
                    break;
                }
                ndjson.write(line);
            }
            return ndjson.toByteArray();
        }

        private static byte[] line(MailMessage message) throws IOException {
            byte[] json = Json.MAPPER.writeValueAsBytes(message);
            byte[] line = java.util.Arrays.copyOf(json, json.length + 1);
            line[json.length] = '\n';
            return line;
        }
    }

    private static int countLines(byte[] body) {
        int lines = 0;
        for (byte b : body) {
            if (b == '\n') {
                lines++;
            }
        }
        return lines;
    }

    private CompletableFuture<Void> send(byte[] ndjson) {
        return send(ndjson, "/messages/_bulk", "application/x-ndjson").thenAccept(reply -> {
            if (reply.get("failed").asLong() > 0) {
                for (JsonNode item : reply.get("items")) {
                    if (item.has("error")) {
                        throw new IllegalStateException("the facade refused message " + item.path("messageId").asText()
                            + " of mailbox " + item.path("mailboxId").asText() + ": " + item.get("error").asText());
                    }
                }
            }
        });
    }

    private CompletableFuture<JsonNode> send(byte[] body, String path, String contentType) {
        HttpRequest request = access.authorize(HttpRequest.newBuilder(facade.resolve(path)))
            .timeout(Duration.ofMinutes(2))
            .header("content-type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
        return access.http().sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            try {
                JsonNode json = Json.MAPPER.readTree(response.body());
                if (response.statusCode() != 200) {
                    throw new IllegalStateException("the facade answered " + response.statusCode() + " to " + path + ": "
                        + json.path("error").asText(new String(response.body())));
                }
                return json;
            } catch (IOException e) {
                throw new IllegalStateException("the facade answered " + path + " with something that is not JSON", e);
            }
        });
    }
}
