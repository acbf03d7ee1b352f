package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.access.TlsTrust;

class FacadeGuardsTest {

    private static FacadeGuards guards(long idleMs, int maxConnections, long poolWaitMs) {
        return new FacadeGuards(ConnectionCaps.of(maxConnections), InboundTimeouts.DEFAULTS.withIdle(Duration.ofMillis(idleMs)),
            MemoryBounds.DEFAULTS, Exposure.DEFAULTS, Duration.ofMillis(poolWaitMs));
    }

    @Nested
    class Values {

        @Test
        void defaultsShouldBeTheDocumentedOnes() {
            assertThat(FacadeGuards.DEFAULTS.timeouts().idle()).isEqualTo(Duration.ofSeconds(60));
            assertThat(FacadeGuards.DEFAULTS.connections().max()).isEqualTo(4_096);
            assertThat(FacadeGuards.DEFAULTS.poolWaitTimeout()).isEqualTo(Duration.ofSeconds(5));
            assertThat(FacadeGuards.DEFAULTS.exposure().http2Cleartext()).isFalse();
            assertThat(FacadeGuards.DEFAULTS.token()).isNull();
            assertThat(FacadeGuards.DEFAULTS.callDeadline(FacadeConfig.defaults())).isEqualTo(Duration.ofSeconds(37));
            assertThatCode(() -> FacadeGuards.DEFAULTS.check(FacadeConfig.defaults())).doesNotThrowAnyException();
        }

        @Test
        void badValuesShouldNameTheirOption() {
            assertThatThrownBy(() -> guards(50, 10, 10)).hasMessage("--idle-timeout-ms must be between 100 and 3600000, got 50");
            assertThatThrownBy(() -> guards(1_000, 0, 10)).hasMessage("--max-client-connections must be between 1 and 1000000, got 0");
            assertThatThrownBy(() -> guards(1_000, 10, 0)).hasMessage("--pool-wait-timeout-ms must be between 1 and 600000, got 0");
            assertThatThrownBy(() -> new FacadeGuards(ConnectionCaps.DEFAULTS, null, MemoryBounds.DEFAULTS, Exposure.DEFAULTS,
                Duration.ofSeconds(1))).hasMessageContaining("each has DEFAULTS");
        }

        @Test
        void bodyBytesInFlightShouldDefaultToAnEighthOfTheHeapAndRefuseBadValues() {
            assertThat(MemoryBounds.DEFAULTS.bodyBytesInFlightBound()).isEqualTo(Runtime.getRuntime().maxMemory() / 8);
            assertThat(MemoryBounds.DEFAULTS.withBodyBytesInFlight(2_048).bodyBytesInFlightBound()).isEqualTo(2_048);
            assertThat(InboundTimeouts.DEFAULTS.requestHead()).isEqualTo(Duration.ofSeconds(10));
            assertThatThrownBy(() -> MemoryBounds.DEFAULTS.withBodyBytesInFlight(100))
                .hasMessage("--max-body-bytes-in-flight must be 0 (an eighth of the max heap) or at least 1024, got 100");
            assertThatThrownBy(() -> InboundTimeouts.DEFAULTS.withRequestHead(Duration.ofMillis(10)))
                .hasMessage("--request-head-timeout-ms must be between 100 and 3600000, got 10");
        }

        @Test
        void heldBytesShouldDefaultToHalfTheHeapAndRefuseBadValues() {
            assertThat(MemoryBounds.DEFAULTS.heldBytesBound()).isEqualTo(Runtime.getRuntime().maxMemory() / 2);
            assertThat(new MemoryBounds(0, 8 << 20, 0).heldBytesBound()).isEqualTo(8 << 20);
            assertThatThrownBy(() -> new MemoryBounds(0, 1_000, 0))
                .hasMessage("--max-held-bytes must be 0 (half the max heap) or at least 1048576, got 1000");
        }

        @Test
        void unreadAnswersShouldDefaultToHalfTheDirectMemoryAndRefuseBadValues() {
            assertThat(MemoryBounds.DEFAULTS.unreadAnswerBound()).isEqualTo(io.netty.util.internal.PlatformDependent.maxDirectMemory() / 2);
            assertThat(InboundTimeouts.DEFAULTS.answerWrite()).isEqualTo(Duration.ofSeconds(30));
            assertThat(MemoryBounds.DEFAULTS.withUnreadAnswerBytes(8 << 20).unreadAnswerBound()).isEqualTo(8 << 20);
            assertThatThrownBy(() -> MemoryBounds.DEFAULTS.withUnreadAnswerBytes(1_000))
                .hasMessage("--max-unread-answer-bytes must be 0 (half the max direct memory) or at least 1048576, got 1000");
            assertThatThrownBy(() -> InboundTimeouts.DEFAULTS.withAnswerWrite(Duration.ofMillis(10)))
                .hasMessage("--answer-write-timeout-ms must be between 100 and 3600000, got 10");
        }

        @Test
        void slowAndManyPeersShouldHaveBoundsThatNameTheirOption() {
            assertThat(InboundTimeouts.DEFAULTS.requestBody()).isEqualTo(Duration.ofSeconds(30));
            assertThat(ConnectionCaps.DEFAULTS.perAddress()).isEqualTo(1_024);
            assertThat(guards(1_000, 10, 10).connections().perAddress()).as("never above the cap in all").isEqualTo(10);
            assertThatThrownBy(() -> InboundTimeouts.DEFAULTS.withRequestBody(Duration.ofMillis(10)))
                .hasMessage("--request-body-timeout-ms must be between 100 and 3600000, got 10");
            assertThatThrownBy(() -> new ConnectionCaps(100, 101))
                .hasMessage("--max-client-connections-per-address must be between 1 and --max-client-connections (100), got 101");
        }

        @Test
        void aGroupShouldReplaceOnlyItself() {
            FacadeGuards tight = FacadeGuards.DEFAULTS.with(new ConnectionCaps(64, 8)).with(new MemoryBounds(0, 2 << 20, 0));
            assertThat(tight.connections()).isEqualTo(new ConnectionCaps(64, 8));
            assertThat(tight.memory().heldBytes()).isEqualTo(2 << 20);
            assertThat(tight.timeouts()).isSameAs(InboundTimeouts.DEFAULTS);
            assertThat(tight.withToken(FacadeToken.of("0123456789abcdef")).exposure().insecureOpen()).isFalse();
        }

        @Test
        void anIdleTimeoutShorterThanACallShouldBeRefused() {
            assertThatThrownBy(() -> guards(30_000, 10, 5_000).check(FacadeConfig.defaults()))
                .hasMessageStartingWith("--idle-timeout-ms 30000 would close the connection of a request still waiting on OpenSearch")
                .hasMessageContaining("(37000)");
        }
    }

    @Nested
    class WhoMayReachIt {

        @Test
        void aNonLoopbackHostShouldNeedATokenOrInsecureOpen() {
            FacadeConfig open = new FacadeConfig(new Listen("0.0.0.0", 0, 1),
                new Backend(List.of(URI.create(Backend.DEFAULT_OPENSEARCH)), OpenSearchAccess.NONE, "mail", 1,
                    Backend.DEFAULT_REPLICAS),
                new ClientSettings(mailbench.facade.opensearch.ClientOptions.DEFAULT, 1, 8, Duration.ofSeconds(1),
                    Duration.ofSeconds(30), ClientSettings.DEFAULT_MAX_RESPONSE_BYTES),
                new RequestLimits(8, RequestLimits.DEFAULT_MAX_EVENT_LOOP_LAG_MS, 1024, 10));
            assertThatThrownBy(() -> FacadeGuards.DEFAULTS.check(open)).hasMessageStartingWith("--host 0.0.0.0 lets other hosts reach")
                .hasMessageContaining("--token-file").hasMessageContaining("$MAILBENCH_FACADE_TOKEN").hasMessageContaining("--insecure-open");
            assertThatCode(() -> FacadeGuards.DEFAULTS.withToken(FacadeToken.of("0123456789abcdef")).check(open)).doesNotThrowAnyException();
            FacadeGuards insecure = FacadeGuards.DEFAULTS.with(new Exposure(null, true, false, false));
            assertThatCode(() -> insecure.check(open)).doesNotThrowAnyException();
            assertThat(FacadeGuards.isLoopback("localhost")).isTrue();
            assertThat(FacadeGuards.isLoopback("::1")).isTrue();
        }

        @Test
        void credentialsOverPlainHttpShouldBeRefusedUnlessAllowed() {
            OpenSearchAccess withCredentials = new OpenSearchAccess(TlsTrust.JDK_DEFAULT,
                Credentials.fromFileOrEnv(null, "--opensearch-credentials-file",
                    Map.of(Credentials.USERNAME_ENV, "admin", Credentials.PASSWORD_ENV, "secret")));
            FacadeConfig plain = FacadeConfig.defaults().withOpenSearch(List.of(URI.create("http://os:9200")), withCredentials);
            assertThatThrownBy(() -> FacadeGuards.DEFAULTS.check(plain))
                .hasMessage("basic-auth credentials would cross the network in clear text to http://os:9200: use an https:// URL,"
                    + " or --allow-credentials-over-http if this network is trusted");
            FacadeGuards allowed = FacadeGuards.DEFAULTS.with(new Exposure(null, false, true, false));
            assertThatCode(() -> allowed.check(plain)).doesNotThrowAnyException();
            FacadeConfig tls = FacadeConfig.defaults().withOpenSearch(List.of(URI.create("https://os:9200")), withCredentials);
            assertThatCode(() -> FacadeGuards.DEFAULTS.check(tls)).doesNotThrowAnyException();
        }
    }

    @Nested
    class Token {

        @Test
        void theTokenShouldComeFromTheFileElseTheEnvironment(@TempDir Path dir) throws Exception {
            Path file = dir.resolve("token");
            Files.writeString(file, "from-the-file-0123456789\n");
            assertThat(FacadeToken.fromFileOrEnv(file, Map.of(FacadeToken.ENV, "from-the-env-0123456789"))
                .accepts("Bearer from-the-file-0123456789")).isTrue();
            assertThat(FacadeToken.fromFileOrEnv(null, Map.of(FacadeToken.ENV, "from-the-env-0123456789"))
                .accepts("Bearer from-the-env-0123456789")).isTrue();
            assertThat(FacadeToken.fromFileOrEnv(null, Map.of())).isNull();
            assertThat(FacadeToken.of("0123456789abcdef").accepts("Bearer 0123456789abcdeX")).isFalse();
            assertThat(FacadeToken.of("0123456789abcdef").accepts(null)).isFalse();
            assertThat(FacadeToken.of("0123456789abcdef").toString()).doesNotContain("0123456789abcdef");
        }

        @Test
        void aShortOrMissingTokenFileShouldBeRefused(@TempDir Path dir) {
            assertThatThrownBy(() -> FacadeToken.of("short")).hasMessageContaining("at least 16 characters");
            assertThatThrownBy(() -> FacadeToken.fromFileOrEnv(dir.resolve("absent"), Map.of())).hasMessageStartingWith("--token-file: cannot read");
        }
    }
}
