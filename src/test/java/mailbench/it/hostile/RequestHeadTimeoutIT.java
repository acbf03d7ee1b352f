package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import mailbench.facade.ClientSettings;
import mailbench.facade.ConnectionCaps;
import mailbench.facade.Exposure;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.InboundTimeouts;
import mailbench.facade.MemoryBounds;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Clients that send a request head a byte every 500 ms over raw sockets. Vert.x's idle timeout counts
 * from the last decoded message, not from each byte, so it closes such a connection silently after the
 * idle time; the request-head deadline answers 408 sooner and says why, and the facade serves searches
 * quickly meanwhile.
 */
class RequestHeadTimeoutIT {

    /** Just above a call's whole time with these OpenSearch timeouts (4.7 s); each trickled byte comes 10 times as often. */
    private static final Duration IDLE = Duration.ofMillis(5_000);
    private static final byte[] HEAD = ("GET /mailboxes/mbx-t/search?text=hello HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json"
        + "\r\nX-Padding: " + "p".repeat(200) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    private static FacadeServer start(Duration headTimeout) throws Exception {
        FacadeConfig config = FacadeConfig.local(SharedNode.url(), "mail-it-head-" + System.nanoTime())
            .with(new ClientSettings(ClientOptions.DEFAULT, 1, 16, Duration.ofMillis(500), Duration.ofMillis(3_000),
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(16, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        FacadeGuards guards = new FacadeGuards(ConnectionCaps.of(1_000),
            InboundTimeouts.DEFAULTS.withIdle(IDLE).withRequestHead(headTimeout), MemoryBounds.DEFAULTS, Exposure.DEFAULTS,
            Duration.ofMillis(200));
        FacadeServer facade = FacadeServer.start(config, guards, problem -> { });
        // the search path loaded and its index created first: a cold facade's first search blocks its loop for a while
        URI base = URI.create("http://127.0.0.1:" + facade.port());
        Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
            .until(() -> Http.get(base, "/mailboxes/mbx-t/search?text=hello").status() == 200);
        return facade;
    }

    @Test
    void theIdleTimeoutAloneShouldCloseAHeadSentAByteAtATimeSilently() throws Exception {
        try (FacadeServer facade = start(Duration.ofHours(1));
             Trickle trickle = new Trickle(facade.port(), 1)) {
            trickle.start();
            long start = System.nanoTime();

            String answer = trickle.answerOf(0, IDLE.multipliedBy(3));
            long closedMs = (System.nanoTime() - start) / 1_000_000;

            assertThat(answer).as("closed without an answer").isEmpty();
            assertThat(closedMs).as("closed at the idle timeout of %d ms, though a byte came every 500 ms", IDLE.toMillis())
                .isBetween(IDLE.toMillis() - 500, IDLE.toMillis() + 5_000);
        }
    }

    @Test
    void aHeadSentAByteAtATimeShouldGet408AtTheHeadDeadline() throws Exception {
        Duration deadline = Duration.ofSeconds(2);
        try (FacadeServer facade = start(deadline);
             Trickle trickle = new Trickle(facade.port(), 1)) {
            trickle.start();
            long start = System.nanoTime();

            String answer = trickle.answerOf(0, deadline.plusSeconds(5));
            long closedMs = (System.nanoTime() - start) / 1_000_000;

            assertThat(answer).startsWith("HTTP/1.1 408").contains("--request-head-timeout-ms").contains("{\"error\"");
            // a 408 is the head deadline (the idle timeout closes without a word); late only by a loaded host's delays
            assertThat(closedMs).as("answered at the deadline, not at the end of the head").isBetween(deadline.toMillis() - 500,
                deadline.toMillis() + 5_000);
        }
    }

    @Test
    void aSecondHeadPipelinedBehindTheFirstShouldMeetTheDeadlineToo() throws Exception {
        Duration deadline = Duration.ofSeconds(2);
        try (FacadeServer facade = start(deadline);
             Socket peer = new Socket("127.0.0.1", facade.port())) {
            // then a byte of the second every 500 ms
            sendHeadAndStartOfNext(peer);
            long start = System.nanoTime();
            java.util.concurrent.CompletableFuture<String> answers = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    peer.setSoTimeout(15_000);
                    return new String(peer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "read failed: " + e.getMessage();
                }
            });
            for (int i = PIPELINED; i < HEAD.length - 4 && !answers.isDone(); i++) {
                try {
                    peer.getOutputStream().write(HEAD[i]);
                    peer.getOutputStream().flush();
                } catch (IOException closed) {
                    break;
                }
                Awaitility.await().pollDelay(Duration.ofMillis(500)).until(() -> true);
            }
            String all = answers.get();
            long closedMs = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[head-timeout] a pipelined second head trickled: closed after %d ms; answers: %s%n", closedMs,
                java.util.regex.Pattern.compile("HTTP/1\\.1 \\d{3}").matcher(all).results().map(java.util.regex.MatchResult::group).toList());

            assertThat(all).startsWith("HTTP/1.1 200").contains("HTTP/1.1 408").contains("--request-head-timeout-ms");
            assertThat(closedMs).as("the second head's deadline, not the idle timeout").isLessThan(deadline.toMillis() + 2_500);
        }
    }

    @Test
    void halfAHeadPipelinedInTheSamePacketAndNeverFinishedShouldGet408AtTheDeadline() throws Exception {
        Duration deadline = Duration.ofSeconds(2);
        try (FacadeServer facade = start(deadline);
             Socket peer = new Socket("127.0.0.1", facade.port())) {
            // then nothing: no later byte starts a deadline
            sendHeadAndStartOfNext(peer);
            long start = System.nanoTime();
            peer.setSoTimeout((int) IDLE.multipliedBy(3).toMillis());
            String all = new String(peer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            long closedMs = (System.nanoTime() - start) / 1_000_000;

            assertThat(all).startsWith("HTTP/1.1 200").contains("HTTP/1.1 408").contains("--request-head-timeout-ms");
            assertThat(closedMs).as("the half head's deadline from the first answer, not the idle timeout of %d ms", IDLE.toMillis())
                .isLessThan(deadline.toMillis() + 2_500);
        }
    }

    @Test
    void twoHundredTricklingHeadsShouldNotSlowSearches() throws Exception {
        Duration deadline = Duration.ofSeconds(3);
        try (FacadeServer facade = start(deadline);
             Trickle trickle = new Trickle(facade.port(), 200)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            trickle.start();
            long slowest = 0;
            long until = System.nanoTime() + deadline.minusMillis(500).toNanos();
            int searches = 0;
            while (System.nanoTime() < until) {
                long start = System.nanoTime();
                assertThat(Http.get(base, "/mailboxes/mbx-t/search?text=hello").status()).isEqualTo(200);
                slowest = Math.max(slowest, (System.nanoTime() - start) / 1_000_000);
                searches++;
            }
            long start = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                assertThat(trickle.answerOf(i, deadline.plusSeconds(10))).startsWith("HTTP/1.1 408");
            }
            long allClosedMs = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[head-timeout] 200 trickling heads: %d searches meanwhile, slowest %d ms; all 408 %d ms after the"
                + " searches%n", searches, slowest, allClosedMs);
            assertThat(slowest).as("slowest search while 200 heads trickle").isLessThan(3_000);
            assertThat(Http.get(base, "/mailboxes/mbx-t/search?text=hello").status()).as("serves right after").isEqualTo(200);
        }
    }

    /** The first head whole and the first {@value #PIPELINED} bytes of a second one, in one write. */
    private static void sendHeadAndStartOfNext(Socket peer) throws IOException {
        byte[] both = java.util.Arrays.copyOf(HEAD, HEAD.length + PIPELINED);
        System.arraycopy(HEAD, 0, both, HEAD.length, PIPELINED);
        peer.getOutputStream().write(both);
        peer.getOutputStream().flush();
    }

    private static final int PIPELINED = 40;

    /** Raw connections, each sent the next byte of {@link #HEAD} every 500 ms from one thread. */
    private static final class Trickle implements AutoCloseable {

        private final List<Socket> peers = new ArrayList<>();
        private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();
        private volatile int next;

        Trickle(int port, int connections) throws IOException {
            for (int i = 0; i < connections; i++) {
                peers.add(new Socket("127.0.0.1", port));
            }
        }

        void start() {
            sender.scheduleAtFixedRate(this::sendOneByte, 0, 500, TimeUnit.MILLISECONDS);
        }

        private void sendOneByte() {
            int index = next++;
            if (index >= HEAD.length - 1) {
                return; // never the last byte: the head stays incomplete
            }
            for (Socket peer : peers) {
                try {
                    peer.getOutputStream().write(HEAD[index]);
                    peer.getOutputStream().flush();
                } catch (IOException e) {
                    // closed by the facade: what the tests look for
                }
            }
        }

        /** Everything the facade sent on connection {@code i} until it closed it. */
        String answerOf(int i, Duration atMost) throws IOException {
            Socket peer = peers.get(i);
            peer.setSoTimeout((int) atMost.toMillis());
            InputStream in = peer.getInputStream();
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("connection " + i + " still open after " + atMost.toMillis() + " ms");
            }
        }

        @Override
        public void close() throws IOException {
            sender.shutdownNow();
            for (Socket peer : peers) {
                peer.close();
            }
        }
    }
}
