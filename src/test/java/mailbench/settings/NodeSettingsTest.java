package mailbench.settings;

import static mailbench.settings.KnobRefusals.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import mailbench.knobs.ClearedKnobs;
import mailbench.stack.FakeJdk;
import mailbench.stack.NodeJit;

/**
 * The node knobs: the JDK the local node runs on, checked against the OpenSearch version before anything starts, and
 * the compilers its JVM runs.
 */
@ExtendWith(ClearedKnobs.class)
class NodeSettingsTest {

    @Nested
    class OpensearchJdk {

        @TempDir
        Path dir;

        @Test
        void openSearch3OnAJdk17ShouldFailTheRunBeforeAnythingStarts() throws Exception {
            Path jdk17 = FakeJdk.home(dir, "jdk17", "17.0.15");
            System.setProperty("mailbench.opensearch.version", "3.8.0");
            System.setProperty("mailbench.opensearch.javaHome", jdk17.toString());

            assertRejected("OpenSearch 3.8.0 needs a JDK 21+; the node would run on 17.0.15 (" + jdk17 + "): set"
                + " -Dmailbench.opensearch.javaHome=<a JDK 21+ home> (mailbench stack: --opensearch-java-home) or $MAILBENCH_OPENSEARCH_JAVA_HOME");
        }

        @Test
        void theKnobShouldNameTheNodesJdk() throws Exception {
            Path jdk25 = FakeJdk.home(dir, "jdk25", "25.0.3");
            System.setProperty("mailbench.opensearch.version", "3.8.0");
            System.setProperty("mailbench.opensearch.javaHome", jdk25.toString());

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.node().jdk().home()).isEqualTo(jdk25);
            assertThat(config.node().jdk().version()).isEqualTo("25.0.3");
        }

        @Test
        void aHomeWithoutJavaShouldBeRefusedNamingTheKnob() {
            System.setProperty("mailbench.opensearch.javaHome", dir.toString());

            assertRejected("-Dmailbench.opensearch.javaHome: " + dir + " has no bin/java; give the home of a JDK (the folder that holds"
                + " bin/java), e.g. what $JAVA_HOME names");
        }

        @Test
        void againstATargetThereIsNoNodeAndNoJdkToCheck() {
            System.setProperty("mailbench.target", "http://127.0.0.1:1");
            System.setProperty("mailbench.opensearch.version", "3.8.0");
            System.setProperty("mailbench.opensearch.javaHome", dir.toString());

            assertThat(BenchConfig.fromSystemProperties().node().jdk()).isNull();
        }
    }

    @Nested
    class OpensearchJit {

        @Test
        void theNodeShouldKeepTheJvmsDefaultCompilersUnlessTold() {
            assertThat(BenchConfig.fromSystemProperties().node().jit()).isEqualTo(NodeJit.TIERED);
            assertThat(NodeJit.TIERED.jvmOptions()).isEmpty();
        }

        @Test
        void c1ShouldStopTheNodesJvmAtTheQuickCompiler() {
            System.setProperty("mailbench.opensearch.jit", " c1 ");

            assertThat(BenchConfig.fromSystemProperties().node().jit()).isEqualTo(NodeJit.C1);
            assertThat(NodeJit.C1.jvmOptions()).containsExactly("-XX:TieredStopAtLevel=1");
        }

        @Test
        void anotherValueShouldBeRefusedNamingTheKnobAndWhatItTakes() {
            System.setProperty("mailbench.opensearch.jit", "C2");

            assertRejected("-Dmailbench.opensearch.jit must be tiered or c1, got 'C2'");
        }
    }
}
