package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.facade.FacadeConfig;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TargetJvm;
import mailbench.settings.Variant;
import mailbench.stack.FacadeClasspath;

/**
 * The facade contract on a variant that swaps in another opensearch-java: the same facade classes,
 * started as the local stack starts them (own JVM, the variant's classpath and options), so a
 * call the other client lacks fails here, not in a benchmark.
 */
abstract class FacadeVariantContract extends FacadeContract {

    abstract Variant variant();

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    URI start(FacadeConfig config) throws Exception {
        List<String> args = new ArrayList<>(variant().facadeArgs());
        args.addAll(List.of("--index", config.backend().index(), "--shards", "" + config.backend().shards(), "--event-loops",
            "" + config.listen().eventLoops(),
            "--io-threads", "" + config.client().ioThreads(), "--max-connections", "" + config.client().maxConnections(),
            "--max-in-flight", "" + config.limits().maxInFlight(), "--max-body-bytes", "" + config.limits().maxBodyBytes(),
            "--max-bulk-items", "" + config.limits().maxBulkItems(), "--connect-timeout-ms", "" + config.client().connectTimeout().toMillis(),
            "--response-timeout-ms", "" + config.client().responseTimeout().toMillis()));
        TargetJvm.Started started = TargetJvm.facade(Path.of("target", "it", getClass().getSimpleName()),
            FacadeClasspath.of(variant().opensearchJava()), args);
        facade = started;
        return started.url();
    }

    @Test
    void healthShouldNameTheVariantsClient() throws Exception {
        assertThat(Http.get(base, "/health").json().at("/client/opensearchJava").asText()).isEqualTo(variant().opensearchJava());
    }
}
