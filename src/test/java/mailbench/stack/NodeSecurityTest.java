package mailbench.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.cli.MailbenchMain;

class NodeSecurityTest {

    @Test
    void aPluginJarShouldBeKnownByItsLibraryNameWhateverItsVersion() {
        assertThat(PluginZip.library(Path.of("netty-buffer-4.1.121.Final.jar"))).isEqualTo("netty-buffer");
        assertThat(PluginZip.library(Path.of("guava-33.4.0-jre.jar"))).isEqualTo("guava");
        assertThat(PluginZip.library(Path.of("bcprov-jdk18on-1.78.jar"))).isEqualTo("bcprov-jdk18on");
        assertThat(PluginZip.library(Path.of("transport-netty4-client-2.19.3.jar"))).isEqualTo("transport-netty4-client");
    }

    @Test
    void theSecurityPluginsJarsThatTheNodeHasAlreadyShouldBeLeftOut(@TempDir Path dir) throws Exception {
        for (String jar : List.of("opensearch-security-2.19.3.0.jar", "netty-codec-4.1.121.Final.jar", "ldaptive-1.2.3.jar")) {
            Files.createFile(dir.resolve(jar));
        }
        List<Path> node = List.of(Path.of("/repo/netty-codec-4.1.121.Final.jar"), Path.of("/repo/opensearch-2.19.3.jar"));
        assertThat(PluginZip.jarsMissingFrom(dir, node)).extracting(p -> p.getFileName().toString())
            .containsExactly("ldaptive-1.2.3.jar", "opensearch-security-2.19.3.0.jar");
    }

    @Test
    void incompleteOrBadOptionsShouldBeRefusedBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        Path pem = Files.writeString(dir.resolve("a.pem"), "x");
        Path user = Files.writeString(dir.resolve("user"), "mailbench:secret-1\n");
        Path same = Files.writeString(dir.resolve("same"), "mailbench:secret-2\n");
        assertThatThrownBy(() -> new NodeSecurity(pem, pem, pem, null, null, List.of()))
            .hasMessageContaining("--user: a secured node needs at least one user");
        assertThatThrownBy(() -> new NodeSecurity(pem, pem, pem, null, null, List.of(user, same)))
            .hasMessageContaining("two files name the same user");
        assertThatThrownBy(() -> new NodeSecurity(pem, dir.resolve("missing.pem"), pem, null, null, List.of(user)))
            .hasMessageContaining("--tls-key");
        assertThat(MailbenchMain.run("node", "--tls-cert", pem.toString())).isEqualTo(2);
        assertThat(MailbenchMain.run("node", "--tls-cert", pem.toString(), "--tls-key", pem.toString(), "--tls-ca", pem.toString()))
            .isEqualTo(2);
    }

    @Test
    void thePluginsCoordinateShouldAddItsFourthDigit() {
        assertThat(NodeSecurity.pluginCoordinate("2.19.3")).isEqualTo("org.opensearch.plugin:opensearch-security:zip:2.19.3.0");
    }
}
