package mailbench.network;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;

/**
 * One toxiproxy-server on loopback, its API on a free port, driven by Toxiproxy's Java client. It is no JVM and cannot
 * watch our PID as the stack's JVMs do, so a shell holds it and stops it when the shell's standard input closes: the
 * kernel closes that pipe when this JVM ends, however it ends (SIGKILL too), and no proxy outlives its run.
 */
public final class ToxiproxyServer implements AutoCloseable {

    public static final String HOST = "127.0.0.1";
    private static final long START_MS = 15_000;
    private static final int ATTEMPTS = 3;
    /** $0 is the binary. stdin is kept as fd 3 for the watcher: a background list of sh reads /dev/null unless told. */
    private static final String HOLDER = "exec 3<&0; \"$0\" \"$@\" </dev/null & server=$!;"
        + " (cat <&3 >/dev/null; kill $server 2>/dev/null) & exec 3<&-; wait $server";

    private final Process holder;
    private final ToxiproxyClient client;
    private final Path binary;
    private final int port;
    private final String version;

    private ToxiproxyServer(Process holder, ToxiproxyClient client, Path binary, int port, String version) {
        this.holder = holder;
        this.client = client;
        this.binary = binary;
        this.port = port;
        this.version = version;
    }

    /** Starts {@code binary} on a free loopback port, its output appended to {@code log}; tried again if the port was taken meanwhile. */
    public static ToxiproxyServer start(Path binary, Path log) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
                port = probe.getLocalPort();
            }
            ProcessBuilder command = new ProcessBuilder("sh", "-c", HOLDER, binary.toString(), "-host", HOST, "-port", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            // proxies and clients as they come and go, without a line for every API call
            command.environment().put("LOG_LEVEL", "info");
            Process holder = command.start();
            ToxiproxyClient client = new ToxiproxyClient(HOST, port);
            String version = awaitVersion(client, holder);
            if (version != null) {
                return new ToxiproxyServer(holder, client, binary, port, version);
            }
            stop(holder);
            if (attempt == ATTEMPTS) {
                throw new ToxiproxyUnavailable(binary + " did not answer on " + HOST + " within " + START_MS / 1000 + " s, "
                    + ATTEMPTS + " times; its log (" + log + ") ends with: " + ToxiproxyBinary.tail(log));
            }
        }
    }

    /** Its /version once it answers; null when it exits first or does not answer in time. */
    private static String awaitVersion(ToxiproxyClient client, Process holder) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MS);
        while (System.nanoTime() < deadline && holder.isAlive()) {
            try {
                return client.version();
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        return null;
    }

    /** A proxy on a free loopback port to {@code upstream} (host:port); its {@link Proxy#getListen()} says where. */
    public Proxy proxy(String name, String upstream) throws IOException {
        return client.createProxy(name, HOST + ":0", upstream);
    }

    /** What the server says it is (its /version). */
    public String version() {
        return version;
    }

    public String apiUrl() {
        return "http://" + HOST + ":" + port;
    }

    /** The server's own PID (its CPU is the network's cost on this host), else its holder's. */
    public long pid() {
        Path real;
        try {
            real = binary.toRealPath();
        } catch (IOException e) {
            return holder.pid();
        }
        List<ProcessHandle> servers = holder.children().filter(child -> child.info().command()
            .map(command -> Path.of(command).equals(real)).orElse(false)).toList();
        return servers.isEmpty() ? holder.pid() : servers.get(0).pid();
    }

    /** Stops the server: its holder's standard input closed, as when this JVM ends; forced after 10 s. */
    @Override
    public void close() {
        stop(holder);
    }

    private static void stop(Process holder) {
        try {
            holder.getOutputStream().close();
            if (!holder.waitFor(10, TimeUnit.SECONDS)) {
                holder.descendants().forEach(ProcessHandle::destroyForcibly);
                holder.destroyForcibly();
            }
        } catch (IOException e) {
            holder.descendants().forEach(ProcessHandle::destroyForcibly);
            holder.destroyForcibly();
        } catch (InterruptedException e) {
            holder.descendants().forEach(ProcessHandle::destroyForcibly);
            holder.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
