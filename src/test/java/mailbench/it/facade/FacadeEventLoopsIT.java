package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchAccess;
import mailbench.facade.Backend;
import mailbench.facade.ClientSettings;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.facade.Listen;
import mailbench.facade.RequestLimits;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;

/**
 * {@code --event-loops 2} on a free port: both loops serve requests on the one port the facade
 * announces (Vert.x serves a server's connections on the loop that created it, so one server
 * alone would leave the second loop idle).
 */
class FacadeEventLoopsIT {

    @Test
    void twoEventLoopsShouldBothServeConnectionsOnTheAnnouncedPort() throws Exception {
        FacadeConfig config = new FacadeConfig(new Listen("127.0.0.1", 0, 2),
            new Backend(List.of(SharedNode.url()), OpenSearchAccess.NONE, "mail-it-loops-" + System.nanoTime(), 1,
                Backend.DEFAULT_REPLICAS),
            new ClientSettings(ClientOptions.DEFAULT, 1, ClientSettings.DEFAULT_MAX_CONNECTIONS, Duration.ofSeconds(1),
                Duration.ofSeconds(30), ClientSettings.DEFAULT_MAX_RESPONSE_BYTES),
            new RequestLimits(RequestLimits.DEFAULT_MAX_IN_FLIGHT, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS,
                RequestLimits.DEFAULT_MAX_BODY_BYTES, RequestLimits.DEFAULT_MAX_BULK_ITEMS));
        try (FacadeServer facade = FacadeServer.start(config)) {
            URI base = URI.create("http://127.0.0.1:" + facade.port());
            String bulk = FacadeContract.message("mbx-l", "l1", "a@example.com", "Two loops", "loopword", "2025-01-10T09:00:00Z", "");
            assertThat(Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(200);

            // a new connection each: Vert.x hands connections to the loops' servers in turn
            for (int i = 0; i < 6; i++) {
                Http.Reply reply = Http.raw(base, "GET /mailboxes/mbx-l/search?text=loopword HTTP/1.1");
                assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
                assertThat(reply.json().get("total").asLong()).isEqualTo(1);
            }

            assertThat(Http.get(base, "/_mailbench/stats").json().get("eventLoopsServing").asInt()).isEqualTo(2);
        }
    }
}
