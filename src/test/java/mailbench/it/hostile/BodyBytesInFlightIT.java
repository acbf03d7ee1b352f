package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.MemoryBounds;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Large bodies in parallel against the facade over the real node, with {@code --max-body-bytes-in-flight} below {@code --max-body-bytes}: the bodies
 * past the bound get a fast 503 with Retry-After, one larger than what one address may hold alone a 413, the bytes
 * are given back when a request ends (answered or aborted by its client), and the facade serves
 * searches meanwhile with its heap bounded. Bodies stalled by one address leave room for another address's PUT.
 */
class BodyBytesInFlightIT {

    private static final long BOUND = 30_000_000;
    /** Under what one address may hold (three quarters of the bound): each body alone would fit. */
    private static final int DECLARED = 20_000_000;
    /** Sent of each body before the test looks: its buffer then holds 16 MiB, so one fits under the bound and two do not. */
    private static final int SENT = 12 * 1024 * 1024;
    private static final int BODIES = 6;
    private static FacadeServer facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        // bodies up to 22 MB: one address may then hold three quarters of the bound (22.5 MB), more than one whole body
        FacadeConfig config = FacadeConfigs.withMaxBodyBytes(FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-body-bytes-"
            + System.nanoTime()), 22_000_000);
        facade = FacadeServer.start(config, FacadeGuards.DEFAULTS.with(MemoryBounds.DEFAULTS.withBodyBytesInFlight(BOUND)),
            problem -> { });
        base = URI.create("http://127.0.0.1:" + facade.port());
        Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
            .until(() -> Http.get(base, "/mailboxes/mbx-b/search?text=hello").status() == 200);
    }

    @AfterAll
    static void stopFacade() {
        facade.close();
    }

    @Test
    void bodiesPastTheBoundShouldGet503FastAndTheirBytesComeBackWhenClientsAbort() throws Exception {
        long refusedBefore = stats().path("refused").path("bodyBytesInFlight").asLong();
        List<Socket> peers = new ArrayList<>();
        ExecutorService senders = Executors.newFixedThreadPool(BODIES);
        try {
            long start = System.nanoTime();
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < BODIES; i++) {
                Socket peer = new Socket(base.getHost(), base.getPort());
                peers.add(peer);
                int n = i;
                sent.add(senders.submit(() -> sendPart(peer, "/mailboxes/mbx-b/messages/big-" + n)));
            }
            for (Future<?> part : sent) {
                part.get();
            }
            List<String> answers = new ArrayList<>();
            for (Socket peer : peers) {
                answers.add(head(peer, Duration.ofSeconds(2)));
            }
            long answeredMs = (System.nanoTime() - start) / 1_000_000;
            long refused = answers.stream().filter(a -> a.startsWith("HTTP/1.1 503")).count();
            long waiting = answers.stream().filter(String::isEmpty).count();
            JsonNode held = stats();
            System.out.printf("[body-bytes] %d bodies of %d MiB sent of %d MiB, bound %d bytes: %d refused, %d still reading, in %d ms;"
                + " held %d bytes, heap %d of %d MiB%n", BODIES, SENT >> 20, DECLARED >> 20, BOUND, refused, waiting, answeredMs,
                held.path("bodyBytesInFlightNow").asLong(), held.path("usedHeapBytes").asLong() >> 20,
                held.path("maxHeapBytes").asLong() >> 20);

            assertThat(refused).as("503s among %s", answers).isGreaterThanOrEqualTo(BODIES - 2);
            assertThat(waiting).as("bodies within the bound are still being read").isGreaterThanOrEqualTo(1);
            assertThat(answers.stream().filter(a -> a.startsWith("HTTP/1.1 503")))
                .allSatisfy(a -> assertThat(a.toLowerCase()).contains("retry-after: 1").contains("--max-body-bytes-in-flight"));
            assertThat(answeredMs).as("time to the 503s").isLessThan(15_000);
            assertThat(held.path("bodyBytesInFlightNow").asLong()).isPositive().isLessThanOrEqualTo(BOUND);
            assertThat(held.path("refused").path("bodyBytesInFlight").asLong() - refusedBefore).isEqualTo(refused);
            assertThat(held.path("usedHeapBytes").asLong()).as("heap while bodies are held").isLessThan(held.path("maxHeapBytes").asLong());
            assertSearchWorks();
        } finally {
            senders.shutdownNow();
            for (Socket peer : peers) {
                peer.close(); // the client gives up mid-body
            }
        }
        Awaitility.await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(stats().path("bodyBytesInFlightNow").asLong()).as("given back on abort").isZero());
        assertSearchWorks();
    }

    @Test
    void bodiesStalledByOneAddressShouldLeaveRoomForAPutFromAnother() throws Exception {
        // 8 bodies of 3.5 MiB from 127.0.0.1, each sent but for its last byte: 28 MiB, all of the bound but 0.6 MB
        int bodies = 8;
        int declared = 3_670_016;
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < bodies; i++) {
                Socket peer = new Socket(base.getHost(), base.getPort());
                stalled.add(peer);
                OutputStream out = peer.getOutputStream();
                out.write(head("/mailboxes/mbx-b/messages/stalled-" + i, declared));
                out.write(new byte[declared - 1]);
                out.flush();
            }
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> stats().path("bodyBytesInFlightNow").asLong() >= (long) (BOUND * 0.7));
            long heldByOne = stats().path("bodyBytesInFlightNow").asLong();

            // a message of 3 MiB from another address: 127.0.0.2, also loopback
            String message = FacadeContract.message("mbx-b", "elsewhere", "alice@example.com", "From elsewhere",
                "x".repeat(3 * 1024 * 1024), "2025-01-10T09:00:00Z", "");
            byte[] body = message.getBytes(StandardCharsets.UTF_8);
            String answer;
            try (Socket other = new Socket(java.net.InetAddress.getByName(base.getHost()), base.getPort(),
                java.net.InetAddress.getByName("127.0.0.2"), 0)) {
                other.getOutputStream().write(head("/mailboxes/mbx-b/messages/elsewhere", body.length));
                other.getOutputStream().write(body);
                other.getOutputStream().flush();
                answer = head(other, Duration.ofSeconds(20));
            }
            System.out.printf("[body-bytes] %d bodies of %d bytes stalled from one address held %d of %d bytes; a PUT of %d bytes from"
                + " another: %s%n", bodies, declared, heldByOne, BOUND, body.length, answer.lines().findFirst().orElse(answer));

            assertThat(heldByOne).as("one address holds at most three quarters of the bound").isLessThanOrEqualTo((long) (BOUND * 0.75));
            assertThat(answer).as("the PUT from another address").startsWith("HTTP/1.1 201");
        } finally {
            for (Socket peer : stalled) {
                peer.close();
            }
        }
        Awaitility.await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(stats().path("bodyBytesInFlightNow").asLong()).as("given back on abort").isZero());
    }

    @Test
    void aBodyLargerThanTheBoundAloneShouldBeA413() throws Exception {
        try (Socket peer = new Socket(base.getHost(), base.getPort())) {
            peer.getOutputStream().write(head("/mailboxes/mbx-b/messages/alone", 31 * 1024 * 1024));
            peer.getOutputStream().flush();

            String answer = head(peer, Duration.ofSeconds(5));

            // past --max-body-bytes (22 MB here) too, which is checked first
            assertThat(answer).startsWith("HTTP/1.1 413").contains("--max-body-bytes");
        }
        assertSearchWorks();
    }

    @Test
    void anAnsweredRequestShouldGiveItsBytesBack() throws Exception {
        String message = FacadeContract.message("mbx-b", "ok", "alice@example.com", "Bytes back", "x".repeat(2 * 1024 * 1024),
            "2025-01-10T09:00:00Z", "");
        assertThat(Http.post(base, "/messages/_bulk", message.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        assertThat(Http.put(base, "/mailboxes/mbx-b/messages/bad", "{\"from\": 12}").status()).isEqualTo(400);

        Awaitility.await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(stats().path("bodyBytesInFlightNow").asLong()).isZero());
    }

    private static Void sendPart(Socket peer, String path) throws IOException {
        OutputStream out = peer.getOutputStream();
        out.write(head(path, DECLARED));
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) ' ');
        try {
            for (int sent = 0; sent < SENT; sent += chunk.length) {
                out.write(chunk);
            }
            out.flush();
        } catch (IOException e) {
            // refused and closed by the facade while sending: its answer is read by the test
        }
        return null;
    }

    private static byte[] head(String path, int length) {
        return ("PUT " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + length
            + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** What the facade answered so far on {@code peer} (empty: nothing within {@code wait}). */
    private static String head(Socket peer, Duration wait) throws IOException {
        peer.setSoTimeout((int) wait.toMillis());
        InputStream in = peer.getInputStream();
        byte[] buffer = new byte[4096];
        int read;
        try {
            read = in.read(buffer);
        } catch (SocketTimeoutException e) {
            return "";
        } catch (IOException e) {
            return "closed: " + e.getMessage();
        }
        return read <= 0 ? "closed" : new String(buffer, 0, read, StandardCharsets.UTF_8);
    }

    private static JsonNode stats() throws Exception {
        Http.Reply reply = Http.get(base, "/_mailbench/stats");
        assertThat(reply.status()).isEqualTo(200);
        return reply.json();
    }

    private static void assertSearchWorks() throws Exception {
        long start = System.nanoTime();
        assertThat(Http.get(base, "/mailboxes/mbx-b/search?text=hello").status()).isEqualTo(200);
        assertThat((System.nanoTime() - start) / 1_000_000).as("search time").isLessThan(5_000);
    }
}
