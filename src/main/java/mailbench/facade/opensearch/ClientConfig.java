package mailbench.facade.opensearch;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import mailbench.access.OpenSearchAccess;

/**
 * What the OpenSearch client is built from ({@link OpenSearchClients#create}): the hosts and how they are reached,
 * the client's options, its I/O threads, pool and time limits. The facade makes one from its own configuration,
 * which has checked each value against the option that set it.
 *
 * @param poolWait the longest a call waits for a pooled connection (connection-request timeout), then it fails
 * @param maxResponseBytes the httpclient5 transport's buffer limit for one answer; a larger one fails the call
 */
public record ClientConfig(
    List<URI> hosts,
    OpenSearchAccess access,
    ClientOptions options,
    int ioThreads,
    int maxConnections,
    Duration connectTimeout,
    Duration poolWait,
    Duration responseTimeout,
    int maxResponseBytes) {

    public ClientConfig {
        if (hosts == null || hosts.isEmpty() || access == null || options == null) {
            throw new IllegalArgumentException("the OpenSearch client needs hosts, their access and its options");
        }
        if (ioThreads < 1 || maxConnections < 1 || maxResponseBytes < 1) {
            throw new IllegalArgumentException("the OpenSearch client needs at least one I/O thread, connection and response byte, got "
                + ioThreads + ", " + maxConnections + " and " + maxResponseBytes);
        }
        if (!positive(connectTimeout) || !positive(poolWait) || !positive(responseTimeout)) {
            throw new IllegalArgumentException("the OpenSearch client's connect, pool-wait and response timeouts must be positive, got "
                + connectTimeout + ", " + poolWait + " and " + responseTimeout);
        }
        hosts = List.copyOf(hosts);
    }

    private static boolean positive(Duration duration) {
        return duration != null && !duration.isNegative() && !duration.isZero();
    }
}
