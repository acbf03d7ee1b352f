package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.support.Http;
import mailbench.it.support.TargetJvm;
import mailbench.knobs.Knobs;
import mailbench.settings.Variant;
import mailbench.stack.EmbeddedNode;
import mailbench.stack.FacadeClasspath;
import mailbench.stack.NodeJdk;

/**
 * The facade contract against an embedded OpenSearch 3.x node, started by the stack's own classes on the JDK that
 * {@code $MAILBENCH_OPENSEARCH_JAVA_HOME} (or {@code -Dmailbench.opensearch.javaHome}) names; skipped when that is no JDK 21+.
 * The contract runs on the default (2.x) client; the 3.x client variant indexes and searches there too.
 *
 * <p>HOW TO RUN: {@code MAILBENCH_OPENSEARCH_JAVA_HOME=<a JDK 21+ home> mvn verify -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=OpenSearch3NodeIT}
 */
class OpenSearch3NodeIT extends FacadeContract {

    /** The newest 3.x whose server and transport-netty4-client are both on Maven Central (3.9.0's Netty module is not). */
    static final String VERSION = "3.8.0";

    private EmbeddedNode node;

    @Override
    URI opensearch() throws Exception {
        NodeJdk jdk = NodeJdk.resolve(System.getProperty(Knobs.OPENSEARCH_JAVA_HOME.name()), System.getenv(),
            "-D" + Knobs.OPENSEARCH_JAVA_HOME.name());
        String skipped = "OpenSearch " + VERSION + " needs a JDK 21+ and none is configured (the node would run on " + jdk.version()
            + "): set $" + NodeJdk.ENV + " or -D" + Knobs.OPENSEARCH_JAVA_HOME.name() + " to run this test";
        if (jdk.feature() < 21) {
            // an assumption failing here aborts the whole class, which Failsafe counts as 0 tests without the reason: say it
            System.out.println("[opensearch-3] skipped: " + skipped);
        }
        assumeTrue(jdk.feature() >= 21, skipped);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        node = EmbeddedNode.start(VERSION, jdk, "512m", Path.of("target", "it", "opensearch3-node").toAbsolutePath(), Integer.toString(port),
            line -> System.out.println("[opensearch-3] " + line));
        return node.url();
    }

    @Override
    @AfterAll
    void stopFacade() throws Exception {
        try {
            super.stopFacade();
        } finally {
            if (node != null) {
                node.close();
            }
        }
    }

    @Test
    void theFacadeShouldReportTheNodes3xVersion() throws Exception {
        assertThat(Http.get(base, "/health").json().at("/backend/version").asText()).isEqualTo(VERSION);
    }

    @Test
    void theFacadeOnOpensearchJava3ShouldIndexAndSearchOnIt() throws Exception {
        Variant variant = Variant.named("opensearch-java-3.9.0");
        List<String> args = new ArrayList<>(variant.facadeArgs());
        args.addAll(List.of("--index", "mail-it-opensearch3-java3"));
        try (TargetJvm.Started facade = TargetJvm.facade(Path.of("target", "it", "OpenSearch3NodeIT-java3"), node.url(),
            FacadeClasspath.of(variant.opensearchJava()), args)) {
            String bulk = String.join("\n",
                message("mbx-3", "c1", "alice@example.com", "Upgrade notes", "The zorblax runs on three.", "2025-04-01T09:00:00Z", ""),
                message("mbx-3", "c2", "bob@example.com", "Lunch", "Nothing to see here.", "2025-04-02T12:00:00Z", ""));
            Http.Reply indexed = Http.post(facade.url(), "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8));
            assertThat(indexed.status()).as(indexed.raw()).isEqualTo(200);
            assertThat(indexed.json().get("failed").asInt()).as(indexed.raw()).isZero();

            assertThat(ids(Http.get(facade.url(), "/mailboxes/mbx-3/search?text=zorblax"))).containsExactly("c1");
            Http.Reply health = Http.get(facade.url(), "/health");
            assertThat(health.json().at("/client/opensearchJava").asText()).isEqualTo("3.9.0");
            assertThat(health.json().at("/backend/version").asText()).isEqualTo(VERSION);
        }
    }

    @Test
    void theNodeShouldRunOnTheConfiguredJdk() throws Exception {
        JsonNode nodes = Http.get(node.url(), "/_nodes/jvm").json().get("nodes");
        assertThat(nodes).hasSize(1);
        assertThat(nodes.elements().next().at("/jvm/version").asText()).isEqualTo(node.jdk().version());
    }
}
