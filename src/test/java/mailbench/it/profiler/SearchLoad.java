package mailbench.it.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import mailbench.it.facade.FacadeContract;
import mailbench.it.support.Http;

/** A small real load for the profiler tests: a mailbox of messages, then searches and gets with 16 in flight. */
final class SearchLoad {

    // HTTP/1.1 like Gatling: the JDK client would otherwise offer an h2c upgrade on every new connection
    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
        .version(HttpClient.Version.HTTP_1_1).build();
    private static final int IN_FLIGHT = 16;

    private final URI facade;
    private final String mailbox;
    private final int messages;
    private final AtomicLong served = new AtomicLong();

    SearchLoad(URI facade, String mailbox, int messages) {
        this.facade = facade;
        this.mailbox = mailbox;
        this.messages = messages;
    }

    /** Indexes the mailbox through the facade's bulk endpoint, refreshed so searches see it. */
    SearchLoad indexed() throws Exception {
        StringBuilder bulk = new StringBuilder();
        for (int i = 0; i < messages; i++) {
            bulk.append(FacadeContract.message(mailbox, "p" + i, "sender" + (i % 7) + "@example.com", "Subject " + i,
                "quarterly numbers and lunch plans " + i, "2025-01-01T00:00:00Z", "")).append('\n');
        }
        Http.Reply loaded = Http.post(facade, "/messages/_bulk?refresh=true", bulk.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(loaded.status()).as(loaded.raw()).isEqualTo(200);
        assertThat(loaded.json().get("failed").asInt()).as(loaded.raw()).isZero();
        return this;
    }

    /** Requests answered 200 so far. */
    long served() {
        return served.get();
    }

    /** Starts sending on a thread of its own for {@code millis}; join the thread to wait for the last answers. */
    Thread start(long millis) {
        Thread thread = new Thread(() -> run(millis), "search-load");
        thread.start();
        return thread;
    }

    private void run(long millis) {
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        long end = System.currentTimeMillis() + millis;
        for (int i = 0; System.currentTimeMillis() < end; i++) {
            String path = i % 3 == 0 ? "/mailboxes/" + mailbox + "/messages/p" + (i % messages)
                : "/mailboxes/" + mailbox + "/search?text=quarterly&limit=20";
            try {
                inFlight.acquire();
            } catch (InterruptedException e) {
                return;
            }
            HTTP.sendAsync(HttpRequest.newBuilder(facade.resolve(path)).build(), HttpResponse.BodyHandlers.discarding())
                .whenComplete((response, error) -> {
                    if (error == null && response.statusCode() == 200) {
                        served.incrementAndGet();
                    }
                    inFlight.release();
                });
        }
        inFlight.acquireUninterruptibly(IN_FLIGHT);
    }
}
