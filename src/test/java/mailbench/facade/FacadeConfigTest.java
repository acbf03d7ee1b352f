package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.access.OpenSearchAccess;
import mailbench.it.support.FacadeConfigs;

class FacadeConfigTest {

    /** The constructor's arguments, starting from the defaults, so each test changes exactly one. */
    private static final class Args {
        String host = Listen.DEFAULT_HOST;
        int port = Listen.DEFAULT_PORT;
        List<URI> opensearch = List.of(URI.create(Backend.DEFAULT_OPENSEARCH));
        String index = Backend.DEFAULT_INDEX;
        int shards = Backend.DEFAULT_SHARDS;
        int eventLoops = Listen.DEFAULT_EVENT_LOOPS;
        int ioThreads = ClientSettings.DEFAULT_IO_THREADS;
        int maxConnections = ClientSettings.DEFAULT_MAX_CONNECTIONS;
        int maxInFlight = RequestLimits.DEFAULT_MAX_IN_FLIGHT;
        int maxBodyBytes = RequestLimits.DEFAULT_MAX_BODY_BYTES;
        int maxBulkItems = RequestLimits.DEFAULT_MAX_BULK_ITEMS;
        Duration connectTimeout = ClientSettings.DEFAULT_CONNECT_TIMEOUT;
        Duration responseTimeout = ClientSettings.DEFAULT_RESPONSE_TIMEOUT;
    }

    private static FacadeConfig config(Consumer<Args> change) {
        Args a = new Args();
        change.accept(a);
        return new FacadeConfig(new Listen(a.host, a.port, a.eventLoops),
            new Backend(a.opensearch, OpenSearchAccess.NONE, a.index, a.shards, Backend.DEFAULT_REPLICAS),
            new ClientSettings(mailbench.facade.opensearch.ClientOptions.DEFAULT, a.ioThreads, a.maxConnections,
                a.connectTimeout, a.responseTimeout, ClientSettings.DEFAULT_MAX_RESPONSE_BYTES),
            new RequestLimits(a.maxInFlight, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, a.maxBodyBytes, a.maxBulkItems));
    }

    private static void assertRejected(Consumer<Args> change, String message) {
        assertThatThrownBy(() -> config(change)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Nested
    class Defaults {

        @Test
        void defaultsShouldBeValidAndDocumented() {
            FacadeConfig config = FacadeConfig.defaults();

            assertThat(config.listen().host()).isEqualTo("127.0.0.1");
            assertThat(config.listen().port()).isEqualTo(8080);
            assertThat(config.backend().opensearch()).containsExactly(URI.create("http://127.0.0.1:9200"));
            assertThat(config.backend().index()).isEqualTo("mail");
            assertThat(config.client().maxConnections()).isEqualTo(64);
            assertThat(config.limits().maxBulkItems()).isEqualTo(10_000);
            assertThat(config.client().connectTimeout()).isEqualTo(Duration.ofSeconds(1));
            assertThat(config.client().responseTimeout()).isEqualTo(Duration.ofSeconds(30));
            assertThat(config.limits().maxEventLoopLagMs()).isEqualTo(1_000);
        }

        @Test
        void anEventLoopLagBoundShouldBeZeroForNeverOrPositive() {
            FacadeConfig defaults = FacadeConfig.defaults();

            assertThat(withLagBound(defaults, 0).limits().maxEventLoopLagMs()).isZero();
            assertThatThrownBy(() -> withLagBound(defaults, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--max-event-loop-lag-ms must be between 0 (never shed on lag) and 600000, got -1");
        }

        private static FacadeConfig withLagBound(FacadeConfig c, int lagMs) {
            RequestLimits l = c.limits();
            return c.with(new RequestLimits(l.maxInFlight(), lagMs, l.maxBodyBytes(), l.maxBulkItems()));
        }

        @Test
        void withPortAndWithOpenSearchShouldChangeOnlyThatValue() {
            FacadeConfig config = FacadeConfigs.withPort(FacadeConfig.defaults(), 0).withOpenSearch(URI.create("https://search.example.com:443"));

            assertThat(config.listen().port()).isZero();
            assertThat(config.backend().opensearch()).containsExactly(URI.create("https://search.example.com:443"));
            assertThat(config.backend().index()).isEqualTo(Backend.DEFAULT_INDEX);
        }

        @Test
        void withPortShouldStillValidate() {
            assertThatThrownBy(() -> FacadeConfigs.withPort(FacadeConfig.defaults(), 70_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--port must be between 0 (any free port) and 65535, got 70000");
        }

        @Test
        void configShouldCopyTheOpenSearchList() {
            List<URI> urls = new ArrayList<>(List.of(URI.create("http://a:9200")));
            FacadeConfig config = config(a -> a.opensearch = urls);

            urls.add(URI.create("http://b:9200"));

            assertThat(config.backend().opensearch()).containsExactly(URI.create("http://a:9200"));
        }
    }

    @Nested
    class Network {

        @ParameterizedTest
        @ValueSource(strings = {"", "   "})
        void configShouldRejectEmptyHost(String host) {
            assertRejected(a -> a.host = host, "--host must not be empty");
        }

        @Test
        void configShouldRejectNullHost() {
            assertRejected(a -> a.host = null, "--host must not be empty");
        }

        @ParameterizedTest
        @ValueSource(ints = {-1, 65_536})
        void configShouldRejectPortOutOfRange(int port) {
            assertRejected(a -> a.port = port, "--port must be between 0 (any free port) and 65535, got " + port);
        }

        @ParameterizedTest
        @ValueSource(ints = {0, 1, 65_535})
        void configShouldAcceptPortsAtTheBounds(int port) {
            assertThat(config(a -> a.port = port).listen().port()).isEqualTo(port);
        }
    }

    @Nested
    class OpenSearchUrls {

        @Test
        void configShouldAcceptHttpsAndSeveralUrls() {
            List<URI> urls = List.of(URI.create("https://search.example.com:9200"), URI.create("http://10.0.0.2:9200"));

            assertThat(config(a -> a.opensearch = urls).backend().opensearch()).isEqualTo(urls);
        }

        @Test
        void configShouldRejectAnEmptyList() {
            assertRejected(a -> a.opensearch = List.of(), "--opensearch needs at least one URL, e.g. http://127.0.0.1:9200");
        }

        @Test
        void configShouldRejectANullList() {
            assertRejected(a -> a.opensearch = null, "--opensearch needs at least one URL, e.g. http://127.0.0.1:9200");
        }

        @ParameterizedTest
        @ValueSource(strings = {"ftp://search.example.com:21", "search.example.com:9200", "http:9200", "http:///path",
            "http://under_score:9200"})
        void configShouldRejectUrlsThatAreNotHttpWithAHost(String url) {
            assertRejected(a -> a.opensearch = List.of(URI.create(url)),
                "--opensearch must be http(s)://host:port URLs, got '" + url + "'");
        }

        @Test
        void configShouldNameTheBadUrlAmongGoodOnes() {
            assertRejected(a -> a.opensearch = List.of(URI.create("http://a:9200"), URI.create("localhost:9200")),
                "--opensearch must be http(s)://host:port URLs, got 'localhost:9200'");
        }
    }

    @Nested
    class Index {

        @ParameterizedTest
        @ValueSource(strings = {"mail", "mail-v2", "0mail", "mail_2025.03"})
        void configShouldAcceptLowercaseIndexNames(String index) {
            assertThat(config(a -> a.index = index).backend().index()).isEqualTo(index);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Mail", "_mail", "-mail", ".mail", "mail index", "mail*", ""})
        void configShouldRejectIndexNamesOpenSearchRefuses(String index) {
            assertRejected(a -> a.index = index,
                "--index must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'), got '" + index + "'");
        }

        @Test
        void configShouldRejectNullIndex() {
            assertRejected(a -> a.index = null,
                "--index must be a lowercase OpenSearch index name (a-z, 0-9, '.', '_', '-'), got 'null'");
        }
    }

    @Nested
    class Limits {

        @Test
        void configShouldRejectShardsOutOfRange() {
            assertRejected(a -> a.shards = 0, "--shards must be between 1 and 64, got 0");
            assertRejected(a -> a.shards = 65, "--shards must be between 1 and 64, got 65");
        }

        @Test
        void configShouldRejectEventLoopsOutOfRange() {
            assertRejected(a -> a.eventLoops = 0, "--event-loops must be between 1 and 64, got 0");
        }

        @Test
        void configShouldRejectIoThreadsOutOfRange() {
            assertRejected(a -> a.ioThreads = 65, "--io-threads must be between 1 and 64, got 65");
        }

        @Test
        void configShouldRejectMaxConnectionsOutOfRange() {
            assertRejected(a -> a.maxConnections = 0, "--max-connections must be between 1 and 10000, got 0");
            assertRejected(a -> a.maxInFlight = 0, "--max-in-flight must be between 1 and 100000, got 0");
            assertRejected(a -> a.maxConnections = 10_001, "--max-connections must be between 1 and 10000, got 10001");
        }

        @Test
        void configShouldAcceptMaxConnectionsAtTheBounds() {
            assertThat(config(a -> a.maxConnections = 1).client().maxConnections()).isEqualTo(1);
            assertThat(config(a -> a.maxConnections = 10_000).client().maxConnections()).isEqualTo(10_000);
        }

        @Test
        void configShouldRejectMaxBodyBytesBelow1024() {
            assertRejected(a -> a.maxBodyBytes = 1023, "--max-body-bytes must be at least 1024, got 1023");
            assertThat(config(a -> a.maxBodyBytes = 1024).limits().maxBodyBytes()).isEqualTo(1024);
        }

        @Test
        void configShouldRejectMaxBulkItemsOutOfRange() {
            assertRejected(a -> a.maxBulkItems = 0, "--max-bulk-items must be between 1 and 100000, got 0");
            assertRejected(a -> a.maxBulkItems = 100_001, "--max-bulk-items must be between 1 and 100000, got 100001");
        }

        @Test
        void configShouldRejectNonPositiveTimeouts() {
            assertRejected(a -> a.connectTimeout = Duration.ZERO, "--connect-timeout-ms must be positive");
            assertRejected(a -> a.connectTimeout = null, "--connect-timeout-ms must be positive");
            assertRejected(a -> a.responseTimeout = Duration.ofMillis(-1), "--response-timeout-ms must be positive");
        }

        @Test
        void configShouldAcceptOneMillisecondTimeouts() {
            assertThatCode(() -> config(a -> {
                a.connectTimeout = Duration.ofMillis(1);
                a.responseTimeout = Duration.ofMillis(1);
            })).doesNotThrowAnyException();
        }
    }
}
