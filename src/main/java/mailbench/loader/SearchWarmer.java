package mailbench.loader;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import mailbench.facadeclient.FacadeAccess;

/**
 * Sends the feeders' searches, a few threads each one request at a time, for a fixed time before
 * any load. A freshly started node and facade run their search path interpreted and spend a
 * core on the JIT compiler (profiled: node 1.2 cores and facade 0.5 core at only 200 req/s in
 * the first 14 s, 21% and 44% of it in compiler threads); under an open-model load that queues
 * into 503s. A closed loop of a few threads cannot pile up, so it warms without overload.
 */
public final class SearchWarmer {

    static final int THREADS = 4;

    private final URI facade;
    private final FacadeAccess access;
    private final Consumer<String> progress;

    public SearchWarmer(URI facade, Consumer<String> progress) {
        this(facade, FacadeAccess.NONE, progress);
    }

    /** Sending every search with the facade's token and TLS trust. */
    public SearchWarmer(URI facade, FacadeAccess access, Consumer<String> progress) {
        this.facade = facade;
        this.access = access;
        this.progress = progress;
    }

    /** Runs for at most {@code budget}; returns the number of requests answered 200. */
    public int warm(Path feeders, Duration budget) throws IOException, InterruptedException {
        List<String> paths = paths(feeders);
        long deadline = System.nanoTime() + budget.toNanos();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger ok = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread thread = new Thread(() -> {
                // round after round over the feeders until the budget is spent: the JIT wants volume
                for (int i = next.getAndIncrement(); System.nanoTime() < deadline; i = next.getAndIncrement()) {
                    if (send(paths.get(i % paths.size()))) {
                        ok.incrementAndGet();
                    }
                }
            }, "search-warmer-" + t);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        progress.accept(String.format("search warm-up: %,d of %,d requests answered 200 in %d s", ok.get(), next.get() - THREADS,
            budget.toSeconds()));
        return ok.get();
    }

    private boolean send(String path) {
        try {
            HttpRequest request = access.authorize(HttpRequest.newBuilder(URI.create(facade + path)))
                .timeout(Duration.ofSeconds(30)).build();
            return access.http().send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The same four requests as the simulation, interleaved so every kind warms early. */
    static List<String> paths(Path feeders) throws IOException {
        List<String[]> text = rows(feeders.resolve("search-text.csv"));
        List<String[]> from = rows(feeders.resolve("search-from.csv"));
        List<String[]> range = rows(feeders.resolve("date-range.csv"));
        List<String[]> get = rows(feeders.resolve("messages.csv"));
        List<String> paths = new ArrayList<>();
        int longest = Math.max(Math.max(text.size(), from.size()), Math.max(range.size(), get.size()));
        for (int i = 0; i < longest; i++) {
            if (i < text.size()) {
                paths.add(search(text.get(i)[0], "text=" + encode(text.get(i)[1])));
            }
            if (i < from.size()) {
                paths.add(search(from.get(i)[0], "from=" + encode(from.get(i)[1])));
            }
            if (i < range.size()) {
                paths.add(search(range.get(i)[0], "after=" + encode(range.get(i)[1]) + "&before=" + encode(range.get(i)[2])));
            }
            if (i < get.size()) {
                paths.add("/mailboxes/" + get.get(i)[0] + "/messages/" + get.get(i)[1]);
            }
        }
        return paths;
    }

    private static String search(String mailboxId, String query) {
        return "/mailboxes/" + mailboxId + "/search?" + query;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Feeder CSVs hold ids, words, addresses and instants: no quoted commas, so a split is enough. */
    static List<String[]> rows(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isBlank()) {
                rows.add(line.split(","));
            }
        }
        return rows;
    }
}
