package mailbench.it.facade;

import java.net.URI;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/** The facade contract against the official OpenSearch image; skipped where no Docker engine runs. */
@Testcontainers(disabledWithoutDocker = true)
class FacadeContainerIT extends FacadeContract {

    @Container
    static final GenericContainer<?> OPENSEARCH = new GenericContainer<>(
        DockerImageName.parse("opensearchproject/opensearch:" + mailbench.stack.StackOptions.DEFAULT_OPENSEARCH_VERSION))
        .withEnv("discovery.type", "single-node")
        .withEnv("DISABLE_SECURITY_PLUGIN", "true")
        .withEnv("DISABLE_INSTALL_DEMO_CONFIG", "true")
        .withEnv("OPENSEARCH_JAVA_OPTS", "-Xms512m -Xmx512m")
        .withExposedPorts(9200)
        .waitingFor(Wait.forHttp("/_cluster/health?wait_for_status=yellow").forPort(9200));

    @Override
    URI opensearch() {
        return URI.create("http://" + OPENSEARCH.getHost() + ":" + OPENSEARCH.getMappedPort(9200));
    }
}
