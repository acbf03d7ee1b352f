package mailbench.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.knobs.Knobs;

/**
 * docker/compose.secured.yml, the layer for an OpenSearch with the security plugin: the facade, the loader and the
 * injector each get the cluster's CA as a secret and its user and password in the variables mailbench reads, and
 * otherwise the base file's commands, so the two files cannot drift apart.
 */
class SecuredComposeTest {

    private static final Path DOCKER = Path.of("docker");
    private static final String CA = "/run/secrets/opensearch-ca";

    private static List<String> withoutUrl(List<String> words, String option) {
        List<String> kept = new ArrayList<>(words);
        int at = kept.indexOf(option);
        if (at >= 0) {
            kept.set(at + 1, "<url>");
        }
        kept.replaceAll(word -> word.startsWith(option + "=") ? option + "=<url>" : word);
        return kept;
    }

    @Test
    void theFacadeAndTheLoaderShouldTrustTheCaAndLogInAsTheBaseFileRunsThem() throws IOException {
        ComposeFile base = ComposeFile.read(DOCKER.resolve("compose.yml"));
        ComposeFile secured = ComposeFile.read(DOCKER.resolve("compose.secured.yml"));

        for (String service : List.of("facade", "loader")) {
            List<String> command = secured.words(service, "command");
            assertThat(ComposeFile.option(command, OpenSearchAccess.CA_OPTION)).as(service).isEqualTo(CA);
            List<String> withoutCa = new ArrayList<>(command);
            int ca = withoutCa.indexOf(OpenSearchAccess.CA_OPTION);
            withoutCa.subList(ca, ca + 2).clear();
            assertThat(withoutUrl(withoutCa, "--opensearch")).as(service + ": the base file's command and the CA")
                .isEqualTo(withoutUrl(base.words(service, "command"), "--opensearch"));
            assertThat(ComposeFile.option(command, "--opensearch")).as(service).startsWith("${MAILBENCH_OPENSEARCH:?");
            assertThat(ComposeFile.list(secured.service(service), "secrets")).as(service).containsExactly("opensearch-ca");
            assertThat(ComposeFile.map(secured.service(service), "environment")).as(service)
                .containsOnlyKeys(Credentials.USERNAME_ENV, Credentials.PASSWORD_ENV);
        }
    }

    @Test
    void theInjectorShouldAskTheClusterWithTheSameCaAndCredentials() throws IOException {
        ComposeFile base = ComposeFile.read(DOCKER.resolve("compose.yml"));
        ComposeFile secured = ComposeFile.read(DOCKER.resolve("compose.secured.yml"));
        List<String> entrypoint = secured.words("injector", "entrypoint");

        assertThat(ComposeFile.option(entrypoint, "-D" + Knobs.OPENSEARCH_CA.name())).isEqualTo(CA);
        assertThat(ComposeFile.option(entrypoint, "-D" + Knobs.OPENSEARCH.name())).startsWith("${MAILBENCH_OPENSEARCH:?");
        List<String> rest = new ArrayList<>(entrypoint);
        rest.removeIf(word -> word.startsWith("-D" + Knobs.OPENSEARCH.name() + "=") || word.startsWith("-D" + Knobs.OPENSEARCH_CA.name() + "="));
        assertThat(rest).as("the base file's entrypoint and the cluster's URL and CA").isEqualTo(base.words("injector", "entrypoint"));
        assertThat(ComposeFile.map(secured.service("injector"), "environment"))
            .containsOnlyKeys(Credentials.USERNAME_ENV, Credentials.PASSWORD_ENV);
        Map<String, Object> secret = ComposeFile.map(ComposeFile.map(secured.root(), "secrets"), "opensearch-ca");
        assertThat(secret.get("file").toString()).startsWith("${MAILBENCH_OPENSEARCH_CA:?");
    }
}
