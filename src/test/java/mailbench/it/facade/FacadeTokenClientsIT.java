package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchAccess;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.FacadeStats;
import mailbench.facadeclient.HealthProbe;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.SharedNode;
import mailbench.loader.CorpusLoad;
import mailbench.loader.CorpusPreflight;
import mailbench.loader.SearchWarmer;
import mailbench.run.Feeders;

/**
 * mailbench's own clients of a facade that requires a token (its own JVM, {@code --token-file}, over
 * the real node): the corpus loader, the search warm-up, the target preflight, the run's /health and stats calls succeed
 * with the token and are refused with 401 without it.
 */
class FacadeTokenClientsIT {

    private static final Path DIR = Path.of("target", "it-facade-token").toAbsolutePath();
    private static final FacadeToken TOKEN = FacadeToken.of("facade-token-it-0123456789abcdef");
    private static final FacadeAccess WITH_TOKEN = FacadeAccess.of(TOKEN);
    private static final CorpusSpec CORPUS = new CorpusSpec(11, 300, 10);

    @Test
    void mailbenchClientsShouldSendTheTokenAndBeRefusedWithoutIt() throws Exception {
        Files.createDirectories(DIR);
        Path tokenFile = Files.writeString(DIR.resolve("facade.token"), TOKEN.authorization().substring("Bearer ".length()) + "\n");
        String index = "mail-it-token-clients-" + System.nanoTime();
        try (FacadeProcess facade = FacadeProcess.start(DIR, "facade", List.of("facade", "--opensearch", SharedNode.url().toString(),
            "--port", "0", "--index", index, FacadeToken.OPTION, tokenFile.toString()), Map.of())) {
            URI url = facade.awaitUrl();
            List<String> progress = new ArrayList<>();

            assertThatThrownBy(() -> HealthProbe.check(url, "--facade", FacadeAccess.NONE)).isInstanceOf(IOException.class)
                .hasMessageContaining("wants a token").hasMessageNotContaining(TOKEN.authorization());
            assertThatThrownBy(() -> FacadeStats.read(url, FacadeAccess.NONE)).hasMessageContaining("answered 401");
            assertThat(FacadeStats.refusalsOrNull(url, FacadeAccess.NONE)).isNull();
            assertThatThrownBy(() -> load(url, index, null, progress)).isInstanceOf(IOException.class).hasMessageContaining("401");

            assertThat(HealthProbe.check(url, "--facade", WITH_TOKEN).path("index").asText()).isEqualTo(index);
            assertThat(load(url, index, TOKEN, progress)).isEqualTo(CORPUS.messages());
            assertThat(load(url, index, TOKEN, progress)).as("already there: found with the token").isZero();
            assertThat(FacadeStats.refusalsOrNull(url, WITH_TOKEN)).isNotNull();
            assertThat(FacadeStats.read(url, WITH_TOKEN).projection()).isEqualTo("doc-values");

            Path feeders = Feeders.forCorpus(CORPUS);
            assertThat(new SearchWarmer(url, FacadeAccess.NONE, progress::add).warm(feeders, Duration.ofSeconds(2))).as("without the token").isZero();
            assertThat(new SearchWarmer(url, WITH_TOKEN, progress::add).warm(feeders, Duration.ofSeconds(2))).as("with it").isPositive();
            assertThatThrownBy(() -> CorpusPreflight.throughFacade(url, feeders, CORPUS, FacadeAccess.NONE)).hasMessageContaining("answered 401");
            assertThat(CorpusPreflight.throughFacade(url, feeders, CORPUS, WITH_TOKEN)).contains("holds the feeders' corpus");
            assertThat(facade.output()).doesNotContain(TOKEN.authorization().substring("Bearer ".length()));
        }
    }

    private static long load(URI url, String index, FacadeToken token, List<String> progress) throws Exception {
        return new CorpusLoad(new CorpusLoad.Target(url, List.of(SharedNode.url()), OpenSearchAccess.NONE, index, FacadeAccess.of(token)), progress::add)
            .run(CORPUS, false);
    }
}
