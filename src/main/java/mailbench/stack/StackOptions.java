package mailbench.stack;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import mailbench.access.OpenSearchAccess;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.Backend;
import mailbench.network.NetworkOptions;

/**
 * How to start the local stack: where it may write, which OpenSearch (an embedded node, or an
 * {@code external} one that runs already), how big each JVM, which opensearch-java the facade runs
 * (null: the pinned one), which corpus, whether a profiler sidecar, which JDK the embedded node runs on and with which
 * compilers, and the network between the boxes (a profile of proxies, or none).
 */
public record StackOptions(
    Path workDir,
    String opensearchVersion,
    String opensearchHeap,
    String facadeHeap,
    String opensearchJava,
    List<String> facadeJvmArgs,
    List<String> facadeArgs,
    CorpusSpec corpus,
    boolean loadCorpus,
    Path feeders,
    boolean profilerSidecar,
    External external,
    NodeJdk opensearchJdk,
    String index,
    int replicas,
    NetworkOptions network,
    java.time.Duration searchWarmUp,
    NodeJit opensearchJit) {

    /**
     * An OpenSearch that runs already (staging, a node of one's own): its hosts, how mailbench gets in (CA, credentials)
     * and the facade's index there. The facade gets the same access through {@code facadeArgs} (its --opensearch-* options).
     */
    public record External(List<URI> hosts, OpenSearchAccess access, String index) {
        public External {
            if (hosts.isEmpty() || access == null || index == null || index.isBlank()) {
                throw new IllegalArgumentException("an external OpenSearch needs at least one URL, its access and an index");
            }
            hosts = List.copyOf(hosts);
        }
    }

    /** With an embedded node. */
    public StackOptions(Path workDir, String opensearchVersion, String opensearchHeap, String facadeHeap, String opensearchJava,
                        List<String> facadeJvmArgs, List<String> facadeArgs, CorpusSpec corpus, boolean loadCorpus, Path feeders,
                        boolean profilerSidecar) {
        this(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus, loadCorpus, feeders,
            profilerSidecar, null);
    }

    /** The embedded node on the JDK running mailbench. */
    public StackOptions(Path workDir, String opensearchVersion, String opensearchHeap, String facadeHeap, String opensearchJava,
                        List<String> facadeJvmArgs, List<String> facadeArgs, CorpusSpec corpus, boolean loadCorpus, Path feeders,
                        boolean profilerSidecar, External external) {
        this(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus, loadCorpus, feeders,
            profilerSidecar, external, NodeJdk.current());
    }

    /** With the facade's default index, no replica. */
    public StackOptions(Path workDir, String opensearchVersion, String opensearchHeap, String facadeHeap, String opensearchJava,
                        List<String> facadeJvmArgs, List<String> facadeArgs, CorpusSpec corpus, boolean loadCorpus, Path feeders,
                        boolean profilerSidecar, External external, NodeJdk opensearchJdk) {
        this(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus, loadCorpus, feeders,
            profilerSidecar, external, opensearchJdk, Backend.DEFAULT_INDEX, Backend.DEFAULT_REPLICAS, NetworkOptions.NONE,
            SEARCH_WARM_UP, NodeJit.TIERED);
    }

    /** The same with the embedded node on {@code jdk}. */
    public StackOptions withOpensearchJdk(NodeJdk jdk) {
        return new StackOptions(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus,
            loadCorpus, feeders, profilerSidecar, external, jdk, index, replicas, network, searchWarmUp, opensearchJit);
    }

    /** The same with the facade's index and its replicas where the facade creates it (an external OpenSearch's index: its own). */
    public StackOptions withIndex(String newIndex, int newReplicas) {
        return new StackOptions(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus,
            loadCorpus, feeders, profilerSidecar, external, opensearchJdk, newIndex, newReplicas, network, searchWarmUp, opensearchJit);
    }

    /** The same with proxies between the boxes ({@link NetworkOptions#NONE}: none). */
    public StackOptions withNetwork(NetworkOptions newNetwork) {
        return new StackOptions(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus,
            loadCorpus, feeders, profilerSidecar, external, opensearchJdk, index, replicas, newNetwork, searchWarmUp, opensearchJit);
    }

    /** The same with {@code warmUp} of the feeders' searches after loading (zero: none). */
    public StackOptions withSearchWarmUp(java.time.Duration warmUp) {
        return new StackOptions(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus,
            loadCorpus, feeders, profilerSidecar, external, opensearchJdk, index, replicas, network, warmUp, opensearchJit);
    }

    /** The same with the embedded node's JVM on the compilers {@code jit} chooses. */
    public StackOptions withOpensearchJit(NodeJit jit) {
        return new StackOptions(workDir, opensearchVersion, opensearchHeap, facadeHeap, opensearchJava, facadeJvmArgs, facadeArgs, corpus,
            loadCorpus, feeders, profilerSidecar, external, opensearchJdk, index, replicas, network, searchWarmUp, jit);
    }

    /** How long the feeders' requests are replayed in a closed loop after loading, unless told (see SearchWarmer). */
    public static final java.time.Duration SEARCH_WARM_UP = java.time.Duration.ofSeconds(30);

    /** The OpenSearch server version of the embedded node (kept in step with pom.xml's opensearch.version). */
    public static final String DEFAULT_OPENSEARCH_VERSION = "2.19.6";
    public static final String DEFAULT_OPENSEARCH_HEAP = "1g";
    public static final String DEFAULT_FACADE_HEAP = "512m";

    public StackOptions {
        requireHeap("opensearch heap", opensearchHeap);
        requireHeap("facade heap", facadeHeap);
        if (opensearchVersion == null || !opensearchVersion.matches("\\d+\\.\\d+\\.\\d+")) {
            throw new IllegalArgumentException("OpenSearch version must look like 2.19.6, got '" + opensearchVersion + "'");
        }
        if (index == null || !index.matches("[a-z0-9][a-z0-9._-]{0,200}")) {
            throw new IllegalArgumentException("--index must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'), got '"
                + index + "'");
        }
        if (replicas < 0 || replicas > 16) {
            throw new IllegalArgumentException("--replicas must be between 0 and 16, got " + replicas);
        }
        if (searchWarmUp == null || searchWarmUp.isNegative()) {
            throw new IllegalArgumentException("the search warm-up must be zero or more, got " + searchWarmUp);
        }
        facadeJvmArgs = List.copyOf(facadeJvmArgs);
        facadeArgs = List.copyOf(facadeArgs);
        if (opensearchJdk == null) {
            throw new IllegalArgumentException("the embedded node's JDK is missing (NodeJdk.current() for the running one)");
        }
        if (opensearchJit == null) {
            throw new IllegalArgumentException("the embedded node's JIT is missing (NodeJit.TIERED: the JVM's default)");
        }
        if (network == null) {
            throw new IllegalArgumentException("the network is missing (NetworkOptions.NONE: loopback, no proxy)");
        }
    }

    private static void requireHeap(String what, String value) {
        if (value == null || !value.matches("\\d+[kmgKMG]")) {
            throw new IllegalArgumentException(what + " must be a JVM size like 512m or 1g, got '" + value + "'");
        }
    }
}
