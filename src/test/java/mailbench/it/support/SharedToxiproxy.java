package mailbench.it.support;

import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;

import mailbench.network.ToxiproxyBinary;
import mailbench.network.ToxiproxyServer;
import mailbench.network.ToxiproxyUnavailable;

/**
 * One toxiproxy-server for each integration-test JVM ({@link ItFork}), had as a run has it (-Dmailbench.toxiproxy.bin, PATH, the
 * cache, or built once with Go), stopped when the test JVM ends. Where it cannot be had, a test that asks for it is
 * skipped, saying why: the only reason the network tests skip.
 */
public final class SharedToxiproxy {

    private static ToxiproxyServer server;
    private static String unavailable;

    private SharedToxiproxy() {
    }

    /** The server, or the calling test skipped with the reason it cannot be had. */
    public static synchronized ToxiproxyServer server() throws Exception {
        if (server == null && unavailable == null) {
            try {
                String given = System.getProperty("mailbench.toxiproxy.bin", "");
                Path binary = new ToxiproxyBinary(System.getenv(), "-Dmailbench.toxiproxy.bin", line -> System.out.println("[it-toxiproxy] " + line))
                    .obtain(given.isBlank() ? null : Path.of(given)).path();
                server = ToxiproxyServer.start(binary, Path.of("target", "it-toxiproxy" + ItFork.suffix(), "toxiproxy.log").toAbsolutePath());
                Runtime.getRuntime().addShutdownHook(new Thread(server::close, "it-toxiproxy-stop"));
            } catch (ToxiproxyUnavailable e) {
                unavailable = e.getMessage();
            }
        }
        Assumptions.assumeTrue(unavailable == null, () -> "toxiproxy-server cannot be had here: " + unavailable);
        return server;
    }
}
