package mailbench.facade;

import java.net.URI;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchUrls;

/**
 * The OpenSearch the facade fronts and its mail index: the hosts (requests spread over them), how they are reached (CAs,
 * credentials), the index, and the shards and replicas the facade creates it with when it does not exist.
 */
public record Backend(List<URI> opensearch, OpenSearchAccess access, String index, int shards, int replicas) {

    public static final String DEFAULT_OPENSEARCH = "http://127.0.0.1:9200";
    public static final String DEFAULT_INDEX = "mail";
    public static final int DEFAULT_SHARDS = 1;
    /** One node holds no replica; a staging cluster's index usually has one (--replicas 1). */
    public static final int DEFAULT_REPLICAS = 0;

    public static final Backend DEFAULTS = of(URI.create(DEFAULT_OPENSEARCH), DEFAULT_INDEX);

    public Backend {
        Checks.require(opensearch != null && !opensearch.isEmpty(),
            "--opensearch needs at least one URL, e.g. " + DEFAULT_OPENSEARCH);
        for (URI uri : opensearch) {
            OpenSearchUrls.requireNoCredentials(uri, "--opensearch");
            Checks.require(("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null,
                "--opensearch must be http(s)://host:port URLs, got '" + uri + "'");
        }
        Checks.require(access != null, "OpenSearch access must be given (OpenSearchAccess.NONE: JDK CAs, no credentials)");
        Checks.require(index != null && index.matches("[a-z0-9][a-z0-9._-]{0,200}"),
            "--index must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'), got '" + index + "'");
        Checks.require(shards >= 1 && shards <= 64, "--shards must be between 1 and 64, got " + shards);
        Checks.require(replicas >= 0 && replicas <= 16, "--replicas must be between 0 and 16, got " + replicas);
        opensearch = List.copyOf(opensearch);
    }

    /** One host reached with the JDK's CAs and no credentials (a local node), an index of one shard and no replica. */
    public static Backend of(URI opensearch, String index) {
        return new Backend(List.of(opensearch), OpenSearchAccess.NONE, index, DEFAULT_SHARDS, DEFAULT_REPLICAS);
    }

    /** Other hosts, reached with {@code newAccess} (CAs and credentials). */
    public Backend withOpenSearch(List<URI> urls, OpenSearchAccess newAccess) {
        return new Backend(urls, newAccess, index, shards, replicas);
    }

    public Backend withIndex(String newIndex) {
        return new Backend(opensearch, access, newIndex, shards, replicas);
    }
}
