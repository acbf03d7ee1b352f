package mailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.loader.CorpusLoad;
import mailbench.access.JdkCaPem;
import picocli.CommandLine;

/** {@code mailbench load}'s options become the load's target: every OpenSearch host, with the CA and credentials given. */
class LoadCommandTest {

    @TempDir
    Path dir;

    private static CorpusLoad.Target target(String... args) {
        LoadCommand command = new LoadCommand();
        new CommandLine(command).parseArgs(args);
        return command.target();
    }

    @Test
    void everyOpenSearchHostShouldGetTheCaAndTheCredentials() throws Exception {
        Path pem = JdkCaPem.write(dir.resolve("staging-ca.pem"));
        Path credentials = Files.writeString(dir.resolve("creds"), "loader:hunter2\n");

        CorpusLoad.Target target = target("--facade", "http://facade:8080", "--opensearch", "https://os-1:9200,https://os-2:9200",
            "--opensearch", "https://os-3:9200", "--opensearch-ca", pem.toString(), "--opensearch-credentials-file", credentials.toString(),
            "--index", "mail-staging");

        assertThat(target.opensearch()).containsExactly(URI.create("https://os-1:9200"), URI.create("https://os-2:9200"),
            URI.create("https://os-3:9200"));
        assertThat(target.access().trust().caPem()).isEqualTo(pem);
        assertThat(target.access().credentials().username()).isEqualTo("loader");
        assertThat(target.access().describe()).contains("CA " + pem).contains("from file " + credentials).doesNotContain("hunter2");
        assertThat(target.index()).isEqualTo("mail-staging");
    }

    @Test
    void withoutOpenSearchThereShouldBeNoHostAndNoCustomTrust() {
        CorpusLoad.Target target = target("--facade", "http://facade:8080");

        assertThat(target.opensearch()).isEmpty();
        assertThat(target.access().trust().custom()).isFalse();
    }

    @Test
    void credentialsInTheUrlOrAMissingCaShouldBeRefusedNamingTheOption() {
        assertThatThrownBy(() -> target("--facade", "http://facade:8080", "--opensearch", "https://loader:hunter2@os-1:9200"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--opensearch must not carry credentials")
            .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> target("--facade", "http://facade:8080", "--opensearch", "https://os-1:9200",
            "--opensearch-ca", dir.resolve("missing.pem").toString()))
            .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--opensearch-ca: no such file");
    }
}
