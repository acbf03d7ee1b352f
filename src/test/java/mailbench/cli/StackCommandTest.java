package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.stack.FakeJdk;

/** {@code mailbench stack} refuses a node JDK it cannot use before it starts or writes anything. */
class StackCommandTest {

    @TempDir
    Path dir;

    @Test
    void openSearch3OnAJdk17ShouldExit2WithTheFixAndStartNothing() throws Exception {
        Path jdk17 = FakeJdk.home(dir, "jdk17", "17.0.15");
        Path work = dir.resolve("work");

        MailbenchMainTest.Outcome outcome = MailbenchMainTest.run("stack", "--opensearch-version", "3.8.0", "--opensearch-java-home", jdk17.toString(),
            "--work-dir", work.toString());

        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.err()).contains("OpenSearch 3.8.0 needs a JDK 21+; the node would run on 17.0.15")
            .contains("--opensearch-java-home").contains("$MAILBENCH_OPENSEARCH_JAVA_HOME");
        assertThat(Files.exists(work)).as("nothing started, nothing written").isFalse();
    }

    @Test
    void aJavaHomeWithoutJavaShouldExit2NamingTheOption() {
        MailbenchMainTest.Outcome outcome = MailbenchMainTest.run("stack", "--opensearch-java-home", dir.toString(),
            "--work-dir", dir.resolve("work").toString());

        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.err()).contains("--opensearch-java-home: " + dir + " has no bin/java");
    }

    @Test
    void aJavaHomeWithAnExternalOpenSearchShouldBeRefused() throws Exception {
        MailbenchMainTest.Outcome outcome = MailbenchMainTest.run("stack", "--opensearch", "http://127.0.0.1:1",
            "--opensearch-java-home", FakeJdk.home(dir, "jdk25", "25.0.3").toString(), "--work-dir", dir.resolve("work").toString());

        assertThat(outcome.exit()).isEqualTo(2);
        assertThat(outcome.err()).contains("--opensearch-java-home only goes with the embedded node");
    }
}
