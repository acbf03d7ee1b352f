package mailbench.it.facade;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.condition.EnabledIf;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import mailbench.it.support.OpenSearchImage;

/**
 * The facade contract against OpenSearch in a Docker container: the project's node image by default (built here), or
 * {@code -Dmailbench.it.opensearchImage}. Skipped only where no Docker engine answers. Ryuk is off (pom.xml): the
 * container is stopped and removed here, after the last test, also when a test or the start failed.
 */
@EnabledIf(value = OpenSearchImage.ENGINE, disabledReason = OpenSearchImage.NO_ENGINE)
class FacadeContainerIT extends FacadeContract {

    private GenericContainer<?> opensearch;

    @Override
    URI opensearch() {
        opensearch = new GenericContainer<>(DockerImageName.parse(OpenSearchImage.get())
            .asCompatibleSubstituteFor("opensearchproject/opensearch"))
            // the official image's settings; the project's node is single-node plain HTTP already and reads the heap only
            .withEnv("discovery.type", "single-node")
            .withEnv("DISABLE_SECURITY_PLUGIN", "true")
            .withEnv("DISABLE_INSTALL_DEMO_CONFIG", "true")
            .withEnv("OPENSEARCH_JAVA_OPTS", "-Xms512m -Xmx512m")
            .withExposedPorts(9200)
            .waitingFor(Wait.forHttp("/_cluster/health?wait_for_status=yellow").forPort(9200)
                .withStartupTimeout(Duration.ofMinutes(3)));
        opensearch.start();
        return URI.create("http://" + opensearch.getHost() + ":" + opensearch.getMappedPort(9200));
    }

    @AfterAll
    void stopOpenSearch() {
        if (opensearch != null) {
            // stop() removes the container and its anonymous volumes; a failed start already stopped what it created
            opensearch.stop();
        }
    }
}
