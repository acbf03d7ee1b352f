package mailbench.loader;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
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
import mailbench.json.Json;

/**
 * Loads a generated corpus through the facade's bulk endpoint (so it works the same against a
 * local stack or a staging facade), a few bulks in flight, with progress. Any refused item
 * stops the load with its reason: a corpus is complete or the run does not start.
 */
public final class CorpusLoader {

    public static final int BATCH = 1_000;
    static final int IN_FLIGHT = 2;
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(3);

    private final URI facade;
    private final Consumer<String> progress;
    private final HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5)).build();

    public CorpusLoader(URI facade, Consumer<String> progress) {
        this.facade = facade;
        this.progress = progress;
    }

    /** Returns the number of messages indexed (always the spec's count, or it throws). */
    public long load(CorpusSpec spec) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long lastReport = start;
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        Iterator<MailMessage> messages = new CorpusGenerator(spec).iterator();
        long sent = 0;
        progress.accept(String.format("loading corpus: %,d messages, %,d users, seed %d", spec.messages(), spec.users(), spec.seed()));
        while (messages.hasNext()) {
            byte[] body = nextBatch(messages);
            int count = countLines(body);
            inFlight.acquire();
            pending.removeIf(CompletableFuture::isDone);
            failFast(pending);
            pending.add(send(body).whenComplete((ok, error) -> inFlight.release()));
            sent += count;
            long now = System.nanoTime();
            if (now - lastReport > PROGRESS_EVERY.toNanos() || !messages.hasNext()) {
                lastReport = now;
                double seconds = (now - start) / 1e9;
                progress.accept(String.format("loading corpus: %,d/%,d messages (%d%%), %,.0f msg/s", sent, spec.messages(),
                    sent * 100 / spec.messages(), sent / Math.max(seconds, 1e-3)));
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

    private static byte[] nextBatch(Iterator<MailMessage> messages) throws IOException {
        ByteArrayOutputStream ndjson = new ByteArrayOutputStream(BATCH * 2048);
        for (int i = 0; i < BATCH && messages.hasNext(); i++) {
            Json.MAPPER.writeValue(new NoCloseStream(ndjson), messages.next());
            ndjson.write('\n');
        }
        return ndjson.toByteArray();
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
        HttpRequest request = HttpRequest.newBuilder(facade.resolve(path))
            .timeout(Duration.ofMinutes(2))
            .header("content-type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
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

    /** Jackson closes the stream it writes a value to; the batch buffer must stay open. */
    private static final class NoCloseStream extends java.io.FilterOutputStream {
        NoCloseStream(java.io.OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() {
            // keep the batch open
        }
    }
}
