package mailbench.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeJdkTest {

    @TempDir
    Path dir;

    @Nested
    class Resolve {

        @Test
        void aGivenHomeShouldWinOverTheEnvironment() throws IOException {
            Path given = FakeJdk.home(dir, "given", "21.0.7");
            Path fromEnv = FakeJdk.home(dir, "env", "25.0.3");

            NodeJdk jdk = NodeJdk.resolve(given.toString(), Map.of(NodeJdk.ENV, fromEnv.toString()), "-Dmailbench.opensearch.javaHome");

            assertThat(jdk.home()).isEqualTo(given);
            assertThat(jdk.version()).isEqualTo("21.0.7");
            assertThat(jdk.feature()).isEqualTo(21);
            assertThat(jdk.java()).isEqualTo(given.resolve("bin").resolve("java"));
        }

        @Test
        void withoutAGivenHomeTheEnvironmentShouldNameIt() throws IOException {
            Path fromEnv = FakeJdk.home(dir, "env", "25.0.3");

            NodeJdk jdk = NodeJdk.resolve(" ", Map.of(NodeJdk.ENV, fromEnv.toString()), "-Dmailbench.opensearch.javaHome");

            assertThat(jdk.home()).isEqualTo(fromEnv);
            assertThat(jdk.feature()).isEqualTo(25);
        }

        @Test
        void withNeitherTheRunningJdkShouldRunTheNode() {
            NodeJdk jdk = NodeJdk.resolve("", Map.of(), "-Dmailbench.opensearch.javaHome");

            assertThat(jdk).isEqualTo(NodeJdk.current());
            assertThat(jdk.version()).isEqualTo(System.getProperty("java.version"));
            assertThat(jdk.feature()).isEqualTo(Runtime.version().feature());
        }

        @Test
        void aHomeWithoutBinJavaShouldBeRefusedNamingTheHomeAndWhereItCameFrom() {
            Path empty = dir.resolve("not-a-jdk");

            assertThatThrownBy(() -> NodeJdk.resolve(empty.toString(), Map.of(), "--opensearch-java-home"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--opensearch-java-home: " + empty + " has no bin/java; give the home of a JDK (the folder that holds bin/java),"
                    + " e.g. what $JAVA_HOME names");
            assertThatThrownBy(() -> NodeJdk.resolve("", Map.of(NodeJdk.ENV, empty.toString()), "--opensearch-java-home"))
                .hasMessageStartingWith("$MAILBENCH_OPENSEARCH_JAVA_HOME: " + empty + " has no bin/java");
        }

        @Test
        void aHomeWithoutReleaseFileShouldBeAskedItsVersion() throws IOException {
            // the running JDK's java under another home without a release file: the version comes from `java -version`
            Path home = dir.resolve("linked");
            Files.createDirectories(home.resolve("bin"));
            Files.createSymbolicLink(home.resolve("bin").resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));

            NodeJdk jdk = NodeJdk.at(home, "-Dmailbench.opensearch.javaHome");

            assertThat(jdk.home()).isEqualTo(home);
            assertThat(jdk.version()).isEqualTo(System.getProperty("java.version"));
        }
    }

    @Nested
    class OpenSearchNeeds {

        @Test
        void openSearch3OnAJdk17ShouldBeRefusedNamingTheKnobOptionAndEnvironment() throws IOException {
            Path home = FakeJdk.home(dir, "jdk17", "17.0.15");
            NodeJdk jdk = NodeJdk.at(home, "-Dmailbench.opensearch.javaHome");

            assertThatThrownBy(() -> jdk.requireFor("3.8.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("OpenSearch 3.8.0 needs a JDK 21+; the node would run on 17.0.15 (" + home + "): set"
                    + " -Dmailbench.opensearch.javaHome=<a JDK 21+ home> (mailbench stack: --opensearch-java-home) or $MAILBENCH_OPENSEARCH_JAVA_HOME");
        }

        @Test
        void openSearch3ShouldRunOnJdk21AndLater() throws IOException {
            NodeJdk.at(FakeJdk.home(dir, "jdk21", "21"), "x").requireFor("3.0.0");
            NodeJdk.at(FakeJdk.home(dir, "jdk25", "25.0.3"), "x").requireFor("3.8.0");
            NodeJdk.at(FakeJdk.home(dir, "jdk26", "26-ea"), "x").requireFor("4.0.0");
        }

        @Test
        void openSearch2ShouldRunOnJdk17() throws IOException {
            NodeJdk.at(FakeJdk.home(dir, "jdk17", "17.0.15"), "x").requireFor("2.19.6");
        }

        @Test
        void featureShouldBeReadFromEveryVersionScheme() {
            assertThat(NodeJdk.feature("1.8.0_392")).isEqualTo(8);
            assertThat(NodeJdk.feature("11.0.2")).isEqualTo(11);
            assertThat(NodeJdk.feature("17.0.15")).isEqualTo(17);
            assertThat(NodeJdk.feature("25")).isEqualTo(25);
            assertThat(NodeJdk.feature("26-ea")).isEqualTo(26);
            assertThat(NodeJdk.feature("jdk")).isEqualTo(-1);
        }

        @Test
        void aReleaseFileWithoutAVersionShouldBeRefused() throws IOException {
            Path home = FakeJdk.home(dir, "odd", "x.y");

            assertThatThrownBy(() -> NodeJdk.at(home, "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a Java version: 'x.y'");
        }
    }
}
