package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.facade.FacadeGuards;
import mailbench.facade.FacadeServer;
import mailbench.facade.InboundTimeouts;
import mailbench.facade.MemoryBounds;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.FacadeConfigs;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * Clients that ask for a large message and never read its answer, against the facade as an operator runs it (its own JVM,
 * -Xmx256m, so 256 MiB of direct memory and a default --max-unread-answer-bytes of 128 MiB) over the real node. 30 such
 * clients ask for a 12 MiB message, 360 MiB of answers in all: without a bound Netty runs out of direct memory and every
 * other answer fails while the facade stays up. With it, the answers that fit are held, the others get 503 with
 * Retry-After, the stalled answers' connections are closed at --answer-write-timeout-ms, and a reading client's searches
 * answer 200 in under a second throughout.
 */
class UnreadAnswersIT {

    private static final Path DIR = Path.of("target", "it-unread-answers");
    private static final int MESSAGE_CHARS = 12 * 1024 * 1024;
    private static final int STALLED = 30;
    private static final long WRITE_TIMEOUT_MS = 4_000;
    private static FacadeProcess facade;
    private static URI base;

    @BeforeAll
    static void startFacade() throws Exception {
        facade = FacadeProcess.start(DIR, "facade", List.of("facade", "--opensearch", SharedNode.url().toString(), "--port", "0",
            "--index", "mail-it-unread-" + System.nanoTime(), "--answer-write-timeout-ms", Long.toString(WRITE_TIMEOUT_MS)), Map.of());
        base = facade.awaitUrl();
        String small = FacadeContract.message("mbx-u", "small", "alice@example.com", "Unread drill", "quuxbar", "2025-01-10T09:00:00Z", "");
        assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", small.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);
        String big = "{\"from\":\"bob@example.com\",\"to\":[\"me@example.com\"],\"subject\":\"Large\",\"body\":\"see attached\","
            + "\"receivedAt\":\"2025-01-11T09:00:00Z\",\"attachmentText\":\"" + "lorem ipsum ".repeat(MESSAGE_CHARS / 12) + "\"}";
        Http.Reply indexed = Http.put(base, "/mailboxes/mbx-u/messages/big", big);
        assertThat(indexed.status()).as(indexed.raw()).isEqualTo(201);
        searchMs(); // warm: the first search of a new index is slow whatever the stalled clients do
    }

    @AfterAll
    static void stopFacade() throws Exception {
        facade.closeExpectingCleanOutput();
    }

    @Test
    void clientsThatNeverReadALargeAnswerShouldNotExhaustTheFacade() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        List<Long> sentAt = new ArrayList<>();
        long maxDirect = 0;
        long maxUnread = 0;
        List<Long> searchMs = new ArrayList<>();
        try {
            for (int i = 0; i < STALLED; i++) {
                Socket peer = new Socket();
                peer.setReceiveBufferSize(1024); // before connect: the window it offers stays tiny
                peer.connect(new InetSocketAddress(base.getHost(), base.getPort()));
                peer.getOutputStream().write(("GET /mailboxes/mbx-u/messages/big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                peer.getOutputStream().flush();
                stalled.add(peer);
                // one at a time: a get of a 12 MiB message passes through about 100 MiB of the facade's heap on its way
                awaitAnswerStarted(peer);
                sentAt.add(System.nanoTime());
                if (i % 5 == 4) {
                    JsonNode stats = stats();
                    maxDirect = Math.max(maxDirect, stats.path("directBytesUsed").asLong());
                    maxUnread = Math.max(maxUnread, stats.path("unreadAnswerBytesNow").asLong());
                    searchMs.add(searchMs());
                    System.out.printf("[unread-answers] after %d stalled: unread %d MiB, refused %d, direct %d MiB, heap %d MiB%n", i + 1,
                        stats.path("unreadAnswerBytesNow").asLong() >> 20, stats.path("refused").path("unreadAnswers").asLong(),
                        stats.path("directBytesUsed").asLong() >> 20, stats.path("usedHeapBytes").asLong() >> 20);
                }
            }
            JsonNode stats = stats();
            maxDirect = Math.max(maxDirect, stats.path("directBytesUsed").asLong());
            long bound = stats.path("maxDirectBytes").asLong() / 2;
            for (int i = 0; i < 3; i++) {
                searchMs.add(searchMs());
            }
            Http.Reply small = Http.get(base, "/mailboxes/mbx-u/messages/small");
            assertThat(small.status()).as("a normal get while the large answers stall: " + small.raw()).isEqualTo(200);

            // the facade closes each stalled answer's connection at its deadline: its bytes are given back then
            // (timed from the last answer that started, known once the clients are drained: refused ones come back at once)
            long freedAt;
            while (true) {
                freedAt = System.nanoTime();
                if (stats().path("unreadAnswerBytesNow").asLong() == 0
                    || freedAt - sentAt.get(sentAt.size() - 1) > (WRITE_TIMEOUT_MS + 20_000) * 1_000_000L) {
                    break;
                }
                Thread.sleep(100);
            }
            long lastAnsweredStart = 0;
            // what each stalled client can still read: what the kernel's buffers held, then the close

            int answered = 0;
            int refused = 0;
            for (int i = 0; i < stalled.size(); i++) {
                Drained drained = drain(stalled.get(i));
                if (drained.head().startsWith("HTTP/1.1 200")) {
                    answered++;
                    lastAnsweredStart = sentAt.get(i);
                    assertThat(drained.closed()).as("stalled answer " + i + " closed by the facade").isTrue();
                    assertThat(drained.bytes()).as("stalled answer " + i + " cut short").isLessThan(MESSAGE_CHARS);
                } else {
                    assertThat(drained.head()).as("stalled client " + i).startsWith("HTTP/1.1 503").containsIgnoringCase("retry-after: 1")
                        .contains("--max-unread-answer-bytes");
                    refused++;
                }
            }
            long freedAfterMs = (freedAt - lastAnsweredStart) / 1_000_000;
            JsonNode after = stats();
            System.out.printf("[unread-answers] %d clients asked for %d MiB each and never read: %d answered (%d closed unread, all"
                    + " given back %d ms after the last one started, deadline %d ms), %d refused with 503; unread answers peaked at %d MiB (bound %d MiB), direct memory at %d of %d"
                    + " MiB, %d MiB after; searches meanwhile %s ms; heap %d of %d MiB%n", STALLED, MESSAGE_CHARS >> 20, answered,
                after.path("answersClosedUnread").asLong(), freedAfterMs, WRITE_TIMEOUT_MS, refused, after.path("unreadAnswerBytesPeak").asLong() >> 20, bound >> 20, maxDirect >> 20,
                after.path("maxDirectBytes").asLong() >> 20, after.path("directBytesUsed").asLong() >> 20, searchMs,
                after.path("usedHeapBytes").asLong() >> 20, after.path("maxHeapBytes").asLong() >> 20);

            assertThat(answered).as("some large answers fit").isPositive();
            assertThat(refused).as("the others were refused, not queued").isPositive();
            assertThat(after.path("unreadAnswerBytesPeak").asLong()).isLessThanOrEqualTo(bound);
            assertThat(maxUnread).isLessThanOrEqualTo(bound);
            assertThat(maxDirect).as("direct memory while the answers stalled").isLessThan(bound + (48L << 20));
            assertThat(after.path("answersOutOfDirectMemory").asLong()).isZero();
            assertThat(after.path("unreadAnswerBytesNow").asLong()).as("every stalled answer's bytes given back").isZero();
            assertThat(after.path("answersClosedUnread").asLong()).as("closed by the deadline").isEqualTo(answered);
            assertThat(freedAfterMs).as("the last stalled answer given back at --answer-write-timeout-ms")
                .isBetween(WRITE_TIMEOUT_MS - 1_000, WRITE_TIMEOUT_MS + 3_000);
            assertThat(searchMs).as("searches of a reading client while others stall").allSatisfy(ms -> assertThat(ms).isLessThan(1_000));
        } finally {
            for (Socket peer : stalled) {
                peer.close();
            }
        }
        for (int i = 0; i < 3; i++) {
            assertThat(searchMs()).as("a search afterwards").isLessThan(1_000);
        }
        assertThat(facade.output()).doesNotContain("OutOfMemoryError").doesNotContain("direct memory");
    }

    /** The size bound of a get: an answer larger than seven eighths of the bound alone is refused, naming the option. */
    @Test
    void aGetWhoseAnswerAloneIsLargerThanItsShareShouldBeRefusedNamingTheOption() throws Exception {
        FacadeServer small = FacadeServer.start(FacadeConfigs.onFreePort(SharedNode.url(), "mail-it-unread-small-" + System.nanoTime()),
            FacadeGuards.DEFAULTS.with(MemoryBounds.DEFAULTS.withUnreadAnswerBytes(1024 * 1024))
                .with(InboundTimeouts.DEFAULTS.withAnswerWrite(Duration.ofSeconds(4))), problem -> { });
        try {
            URI url = URI.create("http://127.0.0.1:" + small.port());
            String message = "{\"from\":\"bob@example.com\",\"receivedAt\":\"2025-01-11T09:00:00Z\",\"attachmentText\":\""
                + "x".repeat(1024 * 1024) + "\"}";
            assertThat(Http.put(url, "/mailboxes/mbx-u/messages/mib", message).status()).isEqualTo(201);

            Http.Reply reply = Http.get(url, "/mailboxes/mbx-u/messages/mib");
            System.out.printf("[unread-answers] a get of a 1 MiB message under a 1 MiB bound: %d %s%n", reply.status(), reply.raw());

            assertThat(reply.status()).isEqualTo(503);
            assertThat(reply.json().path("error").asText()).contains("more than one answer may hold").contains("--max-unread-answer-bytes");
            assertThat(Http.get(url, "/mailboxes/mbx-u/search?text=anything").status()).as("the facade goes on serving").isEqualTo(200);
        } finally {
            small.close();
        }
    }

    private record Drained(String head, long bytes, boolean closed) {
    }

    /**
     * Reads what the facade still sends, for at most 15 s: the kernel's buffers hold a few MiB of an answer cut short, then
     * the close; a connection the facade kept would send the whole answer.
     */
    private static Drained drain(Socket peer) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        StringBuilder head = new StringBuilder();
        long bytes = 0;
        long end = System.nanoTime() + 15_000_000_000L;
        InputStream in = peer.getInputStream();
        try {
            while (System.nanoTime() < end) {
                peer.setSoTimeout((int) Math.max(1, (end - System.nanoTime()) / 1_000_000));
                int n = in.read(buffer);
                if (n < 0) {
                    return new Drained(head.toString(), bytes, true);
                }
                if (head.length() < 512) {
                    head.append(new String(buffer, 0, Math.min(n, 512), StandardCharsets.ISO_8859_1));
                }
                bytes += n;
                if (head.toString().startsWith("HTTP/1.1 503") && head.indexOf("}") > 0) {
                    return new Drained(head.toString(), bytes, false);
                }
            }
        } catch (SocketTimeoutException e) {
            return new Drained(head.toString(), bytes, false);
        } catch (IOException reset) {
            return new Drained(head.toString(), bytes, true);
        }
        return new Drained(head.toString(), bytes, false);
    }

    /** Until the first bytes of an answer wait in the socket, unread. */
    private static void awaitAnswerStarted(Socket peer) throws Exception {
        long end = System.nanoTime() + 30_000_000_000L;
        while (peer.getInputStream().available() == 0) {
            assertThat(System.nanoTime()).as("an answer within 30 s").isLessThan(end);
            Thread.sleep(20);
        }
    }

    private static JsonNode stats() throws Exception {
        Http.Reply reply = Http.get(base, "/_mailbench/stats");
        assertThat(reply.status()).isEqualTo(200);
        return reply.json();
    }

    private static long searchMs() throws Exception {
        long start = System.nanoTime();
        Http.Reply reply = Http.get(base, "/mailboxes/mbx-u/search?text=quuxbar");
        assertThat(reply.status()).as("a reading client's search: " + reply.raw()).isEqualTo(200);
        return (System.nanoTime() - start) / 1_000_000;
    }
}
