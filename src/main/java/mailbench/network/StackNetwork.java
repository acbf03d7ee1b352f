package mailbench.network;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import eu.rekawek.toxiproxy.Proxy;

/**
 * The network of one local stack: a toxiproxy-server, a proxy on each hop with its profile's toxics, and what run.json
 * says of them. With the profile {@code none} it starts nothing and hands every URL back as it came.
 */
public final class StackNetwork implements AutoCloseable {

    /** Gatling to the facade. */
    public static final String CLIENT_HOP = "client";
    /** The facade to OpenSearch; a second host's proxy is node-2, and so on. */
    public static final String NODE_HOP = "node";
    /** The server's output, kept with the stack's logs. */
    public static final String LOG = "toxiproxy.log";

    private final NetworkProfile profile;
    /** Null with the profile none. */
    private final ToxiproxyServer server;
    private final String binarySource;
    private final List<Proxy> proxies = new ArrayList<>();

    private StackNetwork(NetworkProfile profile, ToxiproxyServer server, String binarySource) {
        this.profile = profile;
        this.server = server;
        this.binarySource = binarySource;
    }

    /** Finds or builds toxiproxy-server and starts it, its log in {@code workDir}; nothing with the profile none. */
    public static StackNetwork start(NetworkOptions options, Path workDir, Map<String, String> env, Consumer<String> progress)
        throws IOException, InterruptedException {
        if (options.profile().none()) {
            return new StackNetwork(options.profile(), null, null);
        }
        ToxiproxyBinary.Found binary = new ToxiproxyBinary(env, options.binOption(), progress).obtain(options.toxiproxyBin());
        ToxiproxyServer server = ToxiproxyServer.start(binary.path(), workDir.resolve(LOG));
        progress.accept("network " + options.profile().name() + ": toxiproxy-server " + server.version() + " (" + binary.source()
            + ": " + binary.path() + ") at " + server.apiUrl() + " (pid " + server.pid() + ")");
        return new StackNetwork(options.profile(), server, binary.source());
    }

    public NetworkProfile profile() {
        return profile;
    }

    /** OpenSearch's hosts as the facade reaches them: each through a proxy of the node hop. */
    public List<URI> towardsNode(List<URI> hosts) throws IOException {
        if (server == null) {
            return hosts;
        }
        List<URI> proxied = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            proxied.add(through(i == 0 ? NODE_HOP : NODE_HOP + "-" + (i + 1), profile.node(), hosts.get(i)));
        }
        return proxied;
    }

    /** The facade as Gatling reaches it: through the client hop's proxy. */
    public URI towardsFacade(URI facade) throws IOException {
        return server == null ? facade : through(CLIENT_HOP, profile.client(), facade);
    }

    private URI through(String name, Hop hop, URI upstream) throws IOException {
        int port = upstream.getPort() != -1 ? upstream.getPort() : "https".equals(upstream.getScheme()) ? 443 : 80;
        Proxy proxy = server.proxy(name, upstream.getHost() + ":" + port);
        proxies.add(proxy);
        HopToxics.apply(proxy, hop);
        return URI.create(upstream.getScheme() + "://" + proxy.getListen());
    }

    /** The server's PID, for the run's CPU readings; -1 without one. */
    public long pid() {
        return server == null ? -1 : server.pid();
    }

    /**
     * run.json's network section: the profile, the toxiproxy that answered and how it was had, and each proxy with the
     * toxics the server has on it. Null with the profile none (the knob says so).
     */
    public Map<String, Object> describe() {
        if (server == null) {
            return null;
        }
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("profile", profile.name());
        section.put("about", profile.about());
        section.put("toxiproxy", Map.of("version", server.version(), "binary", binarySource));
        Map<String, Object> hops = new LinkedHashMap<>();
        for (Proxy proxy : proxies) {
            Map<String, Object> hop = new LinkedHashMap<>();
            hop.put("listen", proxy.getListen());
            hop.put("upstream", proxy.getUpstream());
            try {
                hop.put("toxics", HopToxics.read(proxy));
            } catch (IOException e) {
                hop.put("toxics", "unreadable: " + e.getMessage());
            }
            hops.put(proxy.getName(), hop);
        }
        section.put("proxies", hops);
        return section;
    }

    /** Stops the server, and with it every proxy. */
    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
