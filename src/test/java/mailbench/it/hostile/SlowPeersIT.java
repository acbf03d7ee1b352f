package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.facade.ConnectionCaps;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.InboundTimeouts;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Peers that hold the facade's resources by being slow or many, against the real facade over the real node: a body sent
 * a byte at a time (each byte resets the idle timeout) gets a 408 at its deadline and its connection closed; a refused
 * body that never ends is not read on, its connection is closed; one address cannot open every connection the facade
 * allows. Afterwards the facade answers a search in under a second.
 */
class SlowPeersIT {

    private static final Duration BODY_TIMEOUT = Duration.ofSeconds(1);
    private static final int MAX_BODY_BYTES = 64 * 1024;
    private static final int PER_ADDRESS = 8;
    private static FacadeServer facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        FacadeConfig d = FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-slow-peers-" + System.nanoTime());
        FacadeConfig config = FacadeConfigs.withMaxBodyBytes(d, MAX_BODY_BYTES);
        FacadeGuards guards = FacadeGuards.DEFAULTS.with(new ConnectionCaps(64, PER_ADDRESS))
            .with(InboundTimeouts.DEFAULTS.withRequestBody(BODY_TIMEOUT));
        facade = FacadeServer.start(config, guards, problem -> { });
        base = URI.create("http://127.0.0.1:" + facade.port());
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
            .until(() -> Http.get(base, "/mailboxes/mbx-s/search?text=hello").status() == 200);
    }

    @AfterAll
    static void stopFacade() {
        facade.close();
    }

    @Test
    void aBodySentAByteAtATimeShouldGet408AtItsDeadlineAndItsConnectionClosed() throws Exception {
        try (Socket peer = new Socket(base.getHost(), base.getPort())) {
            OutputStream out = peer.getOutputStream();
            out.write(head("PUT /mailboxes/mbx-s/messages/slow", "Content-Length: 50000"));
            out.write("{\"from\":".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();
            CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> readAll(peer, Duration.ofSeconds(8)));
            while (!answer.isDone() && (System.nanoTime() - start) < 8_000_000_000L) {
                trySend(out, " ".getBytes(StandardCharsets.US_ASCII));
                Thread.sleep(100);
            }
            String reply = answer.get();
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[slow-peers] a body a byte every 100 ms, deadline %d ms: answered and closed after %d ms: %s%n",
                BODY_TIMEOUT.toMillis(), ms, reply.lines().findFirst().orElse(reply));

            assertThat(reply).startsWith("HTTP/1.1 408").contains("--request-body-timeout-ms").endsWith("}");
            assertThat(ms).as("answered and closed at the deadline, not at the idle timeout").isLessThan(4_000);
        }
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
            assertThat(Http.get(base, "/_mailbench/stats").json().path("bodyBytesInFlightNow").asLong()).isZero());
        assertSearchWorks();
    }

    @Test
    void aRefusedBodyThatNeverEndsShouldNotBeReadOn() throws Exception {
        try (Socket peer = new Socket(base.getHost(), base.getPort())) {
            OutputStream out = peer.getOutputStream();
            out.write(head("PUT /mailboxes/mbx-s/messages/endless", "Transfer-Encoding: chunked"));
            byte[] chunk = new byte[16 * 1024];
            Arrays.fill(chunk, (byte) ' ');
            byte[] framed = frame(chunk);
            long start = System.nanoTime();
            CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> readAll(peer, Duration.ofSeconds(10)));
            long sent = 0;
            while (!answer.isDone() && (System.nanoTime() - start) < 10_000_000_000L && trySend(out, framed)) {
                sent += chunk.length;
            }
            String reply = answer.get();
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[slow-peers] an endless chunked body over --max-body-bytes %d: %d bytes sent, closed after %d ms: %s%n",
                MAX_BODY_BYTES, sent, ms, reply.lines().findFirst().orElse(reply));

            assertThat(reply).startsWith("HTTP/1.1 413").containsIgnoringCase("connection: close").contains("--max-body-bytes");
            assertThat(ms).as("the connection closed after the refusal, the rest of the body unread").isLessThan(5_000);
        }
        assertSearchWorks();
    }

    @Test
    void oneAddressShouldNotTakeEveryConnection() throws Exception {
        List<Socket> held = new ArrayList<>();
        int served = 0;
        int refused = 0;
        try {
            // the test's own HTTP client may keep a few connections from this address open too: count, do not assume
            for (int i = 0; i <= PER_ADDRESS; i++) {
                Socket peer = new Socket(base.getHost(), base.getPort());
                held.add(peer);
                peer.getOutputStream().write(head("GET /_mailbench/stats", "Content-Length: 0"));
                String answer = readHead(peer);
                if (answer.startsWith("HTTP/1.1 200")) {
                    served++;
                } else {
                    assertThat(answer).as("closed unread").isEmpty();
                    refused++;
                }
            }
            System.out.printf("[slow-peers] %d connections from 127.0.0.1 at most %d: %d served, %d closed unread%n", PER_ADDRESS + 1,
                PER_ADDRESS, served, refused);
            assertThat(served).isBetween(1, PER_ADDRESS);
            assertThat(refused).isPositive();
            try (Socket other = new Socket()) {
                other.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
                other.connect(new InetSocketAddress(base.getHost(), base.getPort()));
                other.getOutputStream().write(head("GET /mailboxes/mbx-s/search?text=hello", "Content-Length: 0"));
                assertThat(readHead(other)).as("another address is served").startsWith("HTTP/1.1 200");
            }
        } finally {
            for (Socket peer : held) {
                peer.close();
            }
        }
        assertSearchWorks();
    }

    private static byte[] head(String requestLine, String lengthHeader) {
        return (requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + lengthHeader + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] frame(byte[] chunk) {
        byte[] size = (Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] framed = Arrays.copyOf(size, size.length + chunk.length + 2);
        System.arraycopy(chunk, 0, framed, size.length, chunk.length);
        framed[framed.length - 2] = '\r';
        framed[framed.length - 1] = '\n';
        return framed;
    }

    private static boolean trySend(OutputStream out, byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return true;
        } catch (IOException e) {
            return false; // closed by the facade
        }
    }

    /** Everything the facade sends until it closes the connection, or until {@code wait} has passed. */
    private static String readAll(Socket peer, Duration wait) {
        StringBuilder text = new StringBuilder();
        long end = System.nanoTime() + wait.toNanos();
        byte[] buffer = new byte[4096];
        try {
            InputStream in = peer.getInputStream();
            while (System.nanoTime() < end) {
                peer.setSoTimeout((int) Math.max(1, (end - System.nanoTime()) / 1_000_000));
                int n = in.read(buffer);
                if (n < 0) {
                    return text.toString();
                }
                text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (SocketTimeoutException e) {
            return text + "(still open after " + wait.toMillis() + " ms)";
        } catch (IOException e) {
            return text.toString();
        }
        return text + "(still open after " + wait.toMillis() + " ms)";
    }

    /** The first bytes of the answer; empty when the facade closed the connection without one. */
    private static String readHead(Socket peer) throws IOException {
        peer.setSoTimeout(5_000);
        byte[] buffer = new byte[4096];
        try {
            int n = peer.getInputStream().read(buffer);
            return n < 0 ? "" : new String(buffer, 0, n, StandardCharsets.UTF_8);
        } catch (java.net.SocketException reset) {
            return "";
        }
    }

    private static void assertSearchWorks() throws Exception {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            assertThat(Http.get(base, "/mailboxes/mbx-s/search?text=hello").status()).isEqualTo(200);
            times.add((System.nanoTime() - start) / 1_000_000);
        }
        assertThat(times.stream().mapToLong(Long::longValue).min().orElseThrow()).as("best search time (ms) of " + times).isLessThan(1_000);
    }
}
