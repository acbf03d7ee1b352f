package mailbench.run;

import java.net.URI;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.settings.BenchConfig;
import mailbench.settings.RequestPath;

/**
 * Where a started run's requests go and what they carry: the facade (the local stack's or -Dmailbench.target), or on the
 * direct path every OpenSearch host; and OpenSearch itself for the run's own calls. What the simulations build their
 * protocol from.
 */
public final class RunEndpoints {

    private final BenchConfig config;
    private final RunTarget target;

    RunEndpoints(BenchConfig config, RunTarget target) {
        this.config = config;
        this.target = target;
    }

    private boolean direct() {
        return config.load().path() == RequestPath.DIRECT;
    }

    /** Where the simulation sends its requests: the facade, or (direct path) every OpenSearch host, each virtual user to one. */
    public List<String> baseUrls() {
        return (direct() ? target.opensearchUrls() : List.of(target.facadeUrl())).stream().map(URI::toString).toList();
    }

    /** The facade of this run: the local one, or -Dmailbench.target. */
    public URI facadeUrl() {
        return target.facadeUrl();
    }

    /** The facade's token and TLS trust, for calls to it beside the load (its stats). */
    public FacadeAccess facadeAccess() {
        return target.facadeAccess();
    }

    /** The Authorization header the load sends to the facade (its token), or null: none, or the direct path. */
    public String facadeAuthorization() {
        FacadeToken token = target.facadeAccess().token();
        return token == null || direct() ? null : token.authorization();
    }

    /** The Authorization header of the direct path against staging, or null (the facade and the local node need none). */
    public String directAuthorization() {
        return direct() && !config.local() && config.target().opensearchAccess().credentials() != null
            ? config.target().opensearchAccess().credentials().basicAuthorization() : null;
    }

    /** The index the facade says it serves (its /health), null when it does not say. */
    public String facadeIndex() {
        return target.facadeIndex();
    }

    /** OpenSearch itself: the local node, or every -Dmailbench.opensearch host against a target (empty when not given). */
    public List<URI> opensearchUrls() {
        return target.opensearchUrls();
    }

    /**
     * How mailbench's own calls get into {@link #opensearchUrls()}: nothing for the local node, the knobs' CA and
     * credentials on staging.
     */
    public OpenSearchAccess opensearchAccess() {
        return target.opensearchAccess();
    }
}
