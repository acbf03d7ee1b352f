package mailbench.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.profiler.SidecarClient;
import mailbench.profiler.SidecarToken;
import mailbench.stack.AppClasspath;
import mailbench.stack.ChildJvm;

/**
 * The sidecar ({@code mailbench profiler serve}, its own JVM) with peers that stall or send what no
 * call takes: a caller with the right token is answered at once all the same, the stalled peer is
 * closed after the read timeout, and bodies are refused before they are read.
 */
class SidecarStallIT {

    private static final int READ_TIMEOUT_S = 2;
    private static ChildJvm sidecar;
    private static URI url;
    private static SidecarToken token;

    @BeforeAll
    static void start() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "sidecar-stall-it-").toAbsolutePath();
        Path tokenFile = work.resolve("token");
        token = SidecarToken.generate(tokenFile);
        // no JVM to attach to: the control API answers all the same (captures would fail with the reason)
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        sidecar = ChildJvm.start("profiler", List.of("-Xmx64m"), AppClasspath.runtime(), "mailbench.cli.MailbenchMain",
            List.of("profiler", "serve", "--pid", Long.toString(gone.pid()), "--port", "0", "--out", work.resolve("captures").toString(),
                "--token-file", tokenFile.toString(), "--read-timeout-s", Integer.toString(READ_TIMEOUT_S),
                "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())),
            work);
        url = URI.create(sidecar.awaitReady(Duration.ofMinutes(1)).get("url").asText());
    }

    @AfterAll
    static void stop() {
        if (sidecar != null) {
            sidecar.close();
        }
    }

    @Test
    void aStalledPeerShouldBlockNobodyAndBeClosedAfterTheReadTimeout() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            stall(stalled, 3);
            long start = System.nanoTime();
            String state = new SidecarClient(url, token).status().get("state").asText();
            long answeredMs = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[sidecar-stall] status with 3 stalled peers: %s in %d ms%n", state, answeredMs);
            assertThat(state).isEqualTo("IDLE");
            assertThat(answeredMs).as("answered while 3 peers stall").isLessThan(1_000);

            long closedMs = awaitClosed(stalled.get(0), Duration.ofSeconds(READ_TIMEOUT_S + 10));
            System.out.printf("[sidecar-stall] the stalled peer was closed after %d ms (read timeout %d s)%n", closedMs, READ_TIMEOUT_S);
            assertThat(closedMs).as("closed after the read timeout").isLessThan((READ_TIMEOUT_S + 5) * 1_000L);
        } finally {
            for (Socket peer : stalled) {
                peer.close();
            }
        }
    }

    @Test
    void aDozenOneBytePeersShouldDelayNoCall() throws Exception {
        // more peers than a thread-per-request server has threads: each holds a socket, none a thread
        SidecarClient client = new SidecarClient(url, token);
        client.status(); // the sidecar JVM's first call is slow on its own
        List<Socket> stalled = new ArrayList<>();
        try {
            stall(stalled, 24);
            for (int call = 0; call < 3; call++) {
                long start = System.nanoTime();
                String state = client.status().get("state").asText();
                long answeredMs = (System.nanoTime() - start) / 1_000_000;
                System.out.printf("[sidecar-stall] status with %d one-byte peers: %s in %d ms%n", stalled.size(), state, answeredMs);
                assertThat(state).isEqualTo("IDLE");
                assertThat(answeredMs).as("answered while %d peers stall", stalled.size()).isLessThan(1_000);
            }
        } finally {
            for (Socket peer : stalled) {
                peer.close();
            }
        }
    }

    @Test
    void startShouldRefuseAnIntervalOrAllocationSamplingBelowItsFloorNamingIt() throws Exception {
        String interval = exchange("POST /start?intervalMs=1 HTTP/1.1\r\nHost: x\r\nAuthorization: " + token.bearer()
            + "\r\nConnection: close\r\n\r\n");
        assertThat(interval).startsWith("HTTP/1.1 400").contains("4-1000 ms for itimer", "kernel tick");
        String alloc = exchange("POST /start?allocBytes=1 HTTP/1.1\r\nHost: x\r\nAuthorization: " + token.bearer()
            + "\r\nConnection: close\r\n\r\n");
        assertThat(alloc).startsWith("HTTP/1.1 400").contains("allocBytes: ", "at least 524288");
        String both = exchange("POST /start?intervalMs=1&allocBytes=1 HTTP/1.1\r\nHost: x\r\nAuthorization: " + token.bearer()
            + "\r\nConnection: close\r\n\r\n");
        assertThat(both).startsWith("HTTP/1.1 400");
        assertThat(new SidecarClient(url, token).status().get("state").asText()).as("nothing was tried").isEqualTo("IDLE");
    }

    @Test
    void aBodyShouldBeRefusedBeforeItIsRead() throws Exception {
        // headers announce 30 MB that never come: the answer must not wait for them
        String wrongToken = exchange("POST /stop HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer not-the-token\r\n"
            + "Content-Length: 30000000\r\n\r\n");
        assertThat(wrongToken).startsWith("HTTP/1.1 401").contains("missing or wrong token");
        String tooLarge = exchange("POST /stop HTTP/1.1\r\nHost: x\r\nAuthorization: " + token.bearer() + "\r\n"
            + "Content-Length: 30000000\r\n\r\n");
        assertThat(tooLarge).startsWith("HTTP/1.1 413").contains("no call takes a body");
        assertThat(new SidecarClient(url, token).status().get("state").asText()).isEqualTo("IDLE");
    }

    /** Opens {@code peers} connections into {@code stalled}, each sending one byte of a request head and no more. */
    private static void stall(List<Socket> stalled, int peers) throws Exception {
        for (int i = 0; i < peers; i++) {
            Socket peer = new Socket(url.getHost(), url.getPort());
            peer.getOutputStream().write('G');
            peer.getOutputStream().flush();
            stalled.add(peer);
        }
    }

    /** Sends {@code head} and reads the answer, which must come within 5 s and the connection then be closed. */
    private static String exchange(String head) throws Exception {
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Milliseconds until the server closes {@code peer} (end of stream or reset). */
    static long awaitClosed(Socket peer, Duration atMost) throws Exception {
        long start = System.nanoTime();
        peer.setSoTimeout((int) atMost.toMillis());
        InputStream in = peer.getInputStream();
        try {
            while (in.read() != -1) {
                // an answer (a 408, a 400) before the close is fine
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("still open after " + atMost.toMillis() + " ms");
        } catch (java.io.IOException e) {
            // reset by the server: closed as well
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
