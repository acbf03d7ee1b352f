package mailbench.it.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchAccess;
import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.SharedNode;
import mailbench.loader.CorpusLoad;
import mailbench.loader.OpenSearchAdmin;

/** {@code mailbench load} against a running facade and the real node: loads once, skips a corpus already there. */
class LoadCommandIT {

    private final List<String> progress = new ArrayList<>();

    @Test
    void loadShouldIndexTheCorpusThenSkipItWhileTheIndexHoldsIt() throws Exception {
        String index = "mail-it-load-" + System.nanoTime();
        URI node = SharedNode.url();
        try (FacadeServer facade = FacadeServer.start(config(node, index))) {
            String url = "http://127.0.0.1:" + facade.port();

            int exit = MailbenchMain.run("load", "--facade", url, "--opensearch", node.toString(), "--index", index,
                "--messages", "1500", "--users", "30", "--seed", "7");

            assertThat(exit).isZero();
            assertThat(OpenSearchAdmin.count(mailbench.access.OpenSearchHttp.plain(node), index)).isEqualTo(1_500);
            CorpusLoad load = new CorpusLoad(new CorpusLoad.Target(URI.create(url), List.of(node), OpenSearchAccess.NONE, index), progress::add);
            assertThat(load.run(new CorpusSpec(7, 1_500, 30), false)).isZero();
            assertThat(progress).last().asString().contains("already holds the corpus");
            // same size, another seed: the first message differs, so it is loaded
            assertThat(load.run(new CorpusSpec(8, 1_500, 30), false)).isEqualTo(1_500);
            assertThat(load.run(new CorpusSpec(8, 1_500, 30), true)).as("--force").isEqualTo(1_500);
        }
    }

    @Test
    void loadShouldRefuseABadUrlAndNameAFacadeThatIsDown() {
        assertThat(MailbenchMain.run("load", "--facade", "ftp://127.0.0.1:8080")).isEqualTo(2);
        assertThat(MailbenchMain.run("load", "--facade", "http://127.0.0.1:8080", "--opensearch", "localhost:9200")).isEqualTo(2);
        // port 1: nothing listens there
        assertThat(MailbenchMain.run("load", "--facade", "http://127.0.0.1:1")).isEqualTo(1);
    }

    private static FacadeConfig config(URI node, String index) {
        return FacadeConfig.local(node, index)
            .with(new ClientSettings(ClientOptions.DEFAULT, 1, 32, Duration.ofSeconds(1), Duration.ofSeconds(30),
                ClientSettings.DEFAULT_MAX_RESPONSE_BYTES))
            .with(new RequestLimits(64, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, RequestLimits.DEFAULT_MAX_BODY_BYTES,
                RequestLimits.DEFAULT_MAX_BULK_ITEMS));
    }
}
