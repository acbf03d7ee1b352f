package mailbench.it.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.corpus.CorpusSpec;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.it.support.SharedNode;
import mailbench.loader.CorpusLoader;
import mailbench.loader.OpenSearchAdmin;

/** The corpus goes in through the facade's bulk endpoint and nothing is lost on the way. */
class CorpusLoaderIT {

    @Test
    void loadShouldIndexEveryGeneratedMessageAndReportProgress() throws Exception {
        String index = "mail-it-loader-" + System.nanoTime();
        FacadeConfig config = FacadeConfig.local(SharedNode.url(), index)
            .with(new ClientSettings(mailbench.facade.opensearch.ClientOptions.DEFAULT, 1, 32, Duration.ofSeconds(1),
                Duration.ofSeconds(30), ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(64, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        List<String> progress = new ArrayList<>();
        CorpusSpec spec = new CorpusSpec(7, 2_500, 50);
        try (FacadeServer facade = FacadeServer.start(config)) {
            long loaded = new CorpusLoader(URI.create("http://127.0.0.1:" + facade.port()), progress::add).load(spec);
            assertThat(loaded).isEqualTo(2_500);
        }
        assertThat(OpenSearchAdmin.count(mailbench.access.OpenSearchHttp.plain(SharedNode.url()), index)).isEqualTo(2_500);
        assertThat(progress).anyMatch(line -> line.contains("2,500/2,500 messages (100%)"));
        assertThat(progress).last().asString().startsWith("corpus loaded: 2,500 messages");
    }
}
