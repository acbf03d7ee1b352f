package mailbench.settings;

import static mailbench.settings.KnobReaders.file;

import java.net.URI;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;
import mailbench.knobs.Knobs;
import mailbench.network.NetworkOptions;
import mailbench.network.NetworkProfile;

/**
 * What a run's load goes to: a facade given as a URL ({@code url}, null for the local stack), the OpenSearch hosts
 * the direct path or the run's checks reach and how it gets into them, the index and its replicas, and the network the
 * local stack's hops are shaped with.
 */
public record TargetSettings(
    URI url,
    List<URI> direct,
    OpenSearchAccess opensearchAccess,
    String index,
    int replicas,
    NetworkOptions network) {

    /** Whether the run starts its own stack rather than load a facade given as a URL. */
    public boolean local() {
        return url == null;
    }

    static TargetSettings read(RequestPath path) {
        URI target = KnobReaders.url(Knobs.TARGET);
        List<URI> direct = Knobs.OPENSEARCH.value().isEmpty() ? List.of()
            : OpenSearchUrls.parse(Knobs.OPENSEARCH.value(), "-D" + Knobs.OPENSEARCH.name());
        if (path == RequestPath.DIRECT && target != null && direct.isEmpty()) {
            throw new IllegalArgumentException("-Dmailbench.path=direct against a -Dmailbench.target needs -Dmailbench.opensearch=<OpenSearch URL>");
        }
        return new TargetSettings(target, direct, readOpenSearchAccess(), readIndex(), Knobs.REPLICAS.intValue(0, 16),
            readNetwork(target, path));
    }

    private static String readIndex() {
        String index = Knobs.INDEX.value();
        if (!index.matches("[a-z0-9][a-z0-9._-]{0,200}")) {
            throw new IllegalArgumentException("-D" + Knobs.INDEX.name() + " must be a lowercase OpenSearch index name (a-z, 0-9, '.',"
                + " '_', '-'), got '" + index + "'");
        }
        return index;
    }

    /** How mailbench gets into -Dmailbench.opensearch's hosts on staging: the facade's --opensearch-* options, as knobs. */
    private static OpenSearchAccess readOpenSearchAccess() {
        return OpenSearchAccess.of(file(Knobs.OPENSEARCH_CA), file(Knobs.OPENSEARCH_TRUSTSTORE), file(Knobs.OPENSEARCH_CREDENTIALS_FILE),
            System.getenv(), "-D" + Knobs.OPENSEARCH_CA.name(),
            "-D" + Knobs.OPENSEARCH_TRUSTSTORE.name(), "-D" + Knobs.OPENSEARCH_CREDENTIALS_FILE.name());
    }

    /**
     * The local stack's network. A profile shapes the hops of the stack mailbench starts: against a target, or on the
     * direct path (no facade between Gatling and the node), it is refused rather than silently left out.
     */
    private static NetworkOptions readNetwork(URI target, RequestPath path) {
        NetworkProfile profile;
        try {
            profile = NetworkProfile.named(Knobs.NETWORK.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + ": " + e.getMessage());
        }
        if (!profile.none() && target != null) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + "=" + profile.name() + " shapes the local stack's hops; against"
                + " -D" + Knobs.TARGET.name() + " the network is the real one: leave it " + NetworkProfile.NONE.name());
        }
        if (!profile.none() && path == RequestPath.DIRECT) {
            throw new IllegalArgumentException("-D" + Knobs.NETWORK.name() + "=" + profile.name() + " shapes the hops through the facade;"
                + " the direct path has none: leave it " + NetworkProfile.NONE.name() + " with -D" + Knobs.PATH.name() + "=direct");
        }
        return new NetworkOptions(profile, file(Knobs.TOXIPROXY_BIN), "-D" + Knobs.TOXIPROXY_BIN.name());
    }
}
