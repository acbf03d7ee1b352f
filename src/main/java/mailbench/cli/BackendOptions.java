package mailbench.cli;

import java.util.List;

import mailbench.access.OpenSearchUrls;
import mailbench.facade.Backend;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The facade's options for the OpenSearch it fronts: its URLs, how they are reached, and the mail index. */
final class BackendOptions {

    @Option(names = "--opensearch", description = "OpenSearch URL(s), comma-separated or the option repeated; requests are spread"
        + " over them; never with credentials in them (default: ${DEFAULT-VALUE})", defaultValue = Backend.DEFAULT_OPENSEARCH)
    List<String> opensearch;

    @Mixin
    OpenSearchAccessOptions access;

    @Option(names = "--index", description = "Mail index name (default: ${DEFAULT-VALUE})", defaultValue = Backend.DEFAULT_INDEX)
    String index;

    @Option(names = "--shards", description = "Primary shards when the facade creates the index (default: ${DEFAULT-VALUE})",
        defaultValue = "" + Backend.DEFAULT_SHARDS)
    int shards;

    @Option(names = "--replicas", description = "Replicas when the facade creates the index; an index that exists keeps its own"
        + " (default: ${DEFAULT-VALUE})", defaultValue = "" + Backend.DEFAULT_REPLICAS)
    int replicas;

    Backend backend() {
        return new Backend(OpenSearchUrls.parse(String.join(",", opensearch), "--opensearch"), access.access(), index, shards, replicas);
    }
}
