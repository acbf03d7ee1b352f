package mailbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.fasterxml.jackson.databind.JsonNode;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import mailbench.facade.MailRoutes;

/**
 * A facade in its own JVM, as an operator starts it, whose every call to the shared node crosses a Toxiproxy proxy of
 * the node hop: the bench of the network fault tests. Its deadlines are short so a fault shows in seconds: 1 s to
 * connect, 1 s to wait for a pooled connection, 2 s for an answer to start or go on, so {@link #DEADLINE_MS} in all.
 */
public final class ProxiedFacade implements AutoCloseable {

    public static final long CONNECT_MS = 1_000;
    public static final long POOL_WAIT_MS = 1_000;
    public static final long RESPONSE_MS = 2_000;
    /** The facade's own bound on a call: pool wait, connect and response timeouts, and a second (FacadeGuards.callDeadline). */
    public static final long DEADLINE_MS = POOL_WAIT_MS + CONNECT_MS + RESPONSE_MS + 1_000;

    private final FacadeProcess facade;
    private final Proxy proxy;
    private final URI base;
    private final String index;

    private ProxiedFacade(FacadeProcess facade, Proxy proxy, URI base, String index) {
        this.facade = facade;
        this.proxy = proxy;
        this.base = base;
        this.index = index;
    }

    /** {@code name}: of the proxy, the index and the facade's log; {@code extraArgs}: more facade options. */
    public static ProxiedFacade start(String name, List<String> extraArgs) throws Exception {
        URI node = SharedNode.url();
        Proxy proxy = SharedToxiproxy.server().proxy(name + "-" + System.nanoTime(), node.getHost() + ":" + node.getPort());
        String index = name + "-" + System.nanoTime();
        List<String> args = new ArrayList<>(List.of("facade", "--opensearch", "http://" + proxy.getListen(), "--port", "0", "--index", index,
            "--connect-timeout-ms", Long.toString(CONNECT_MS), "--pool-wait-timeout-ms", Long.toString(POOL_WAIT_MS),
            "--response-timeout-ms", Long.toString(RESPONSE_MS)));
        args.addAll(extraArgs);
        FacadeProcess facade = FacadeProcess.start(Path.of("target", "network-fault-it").toAbsolutePath(), index, args, Map.of());
        return new ProxiedFacade(facade, proxy, facade.awaitUrl(), index);
    }

    public URI base() {
        return base;
    }

    /** The node hop's proxy: its toxics, disable and enable. */
    public Proxy proxy() {
        return proxy;
    }

    public String index() {
        return index;
    }

    /** {@code messages} (ndjson lines of FacadeContract.message) indexed and searchable; the bulk's answer. */
    public JsonNode seed(List<String> messages) throws IOException, InterruptedException {
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", String.join("\n", messages).getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.json().get("failed").asInt()).as(reply.raw()).isZero();
        return reply.json();
    }

    /** One answer as its user sees it: status, how long it took, body. */
    public record Timed(int status, long tookMs, JsonNode json, String raw) {
    }

    public Timed get(String path) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Http.Reply reply = Http.get(base, path);
        return new Timed(reply.status(), (System.nanoTime() - start) / 1_000_000, reply.json(), reply.raw());
    }

    /** {@code count} GETs of {@code path} sent at once, each answer timed; a call unanswered in 30 s fails the test. */
    public List<Timed> getAtOnce(String path, int count) throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(count);
        try {
            List<Callable<Timed>> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                calls.add(() -> get(path));
            }
            List<Timed> answers = new ArrayList<>();
            for (Future<Timed> answer : senders.invokeAll(calls)) {
                answers.add(answer.get());
            }
            return answers;
        } finally {
            senders.shutdownNow();
        }
    }

    /** The facade's counters and gauges (its stats endpoint, which never calls the node). */
    public JsonNode stats() throws IOException, InterruptedException {
        Http.Reply reply = Http.get(base, MailRoutes.STATS_PATH);
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.json();
    }

    /** The hop as it was: no toxic, and enabled. */
    public void heal() throws IOException {
        for (Toxic toxic : proxy.toxics().getAll()) {
            toxic.remove();
        }
        proxy.enable();
    }

    /** Stops the facade and its proxy, failing when its output shows a stuck event loop or heap exhaustion. */
    @Override
    public void close() throws Exception {
        String output = facade.output();
        try {
            assertThat(output).as("the facade's event loop never blocked, its heap never ran out").doesNotContain("blocked for")
                .doesNotContain("OutOfMemoryError");
        } finally {
            facade.close();
            proxy.delete();
        }
    }
}
