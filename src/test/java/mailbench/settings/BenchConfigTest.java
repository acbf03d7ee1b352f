package mailbench.settings;

import static mailbench.settings.KnobRefusals.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.corpus.CorpusSpec;
import mailbench.indexing.BulkMatrix;
import mailbench.knobs.ClearedKnobs;
import mailbench.knobs.Knobs;
import mailbench.network.NetworkProfile;
import mailbench.run.SimulationNeeds;

@ExtendWith(ClearedKnobs.class)
class BenchConfigTest {

    @Nested
    class Defaults {

        @Test
        void fromSystemPropertiesShouldUseTheDocumentedDefaults() {
            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.load().rate()).isEqualTo(1000);
            assertThat(config.load().durationSeconds()).isEqualTo(60);
            assertThat(config.load().warmupSeconds()).isEqualTo(240);
            assertThat(config.load().searchWarmUpSeconds()).isEqualTo(30);
            assertThat(config.workloads().bulk()).isEqualTo(new BulkMatrix(List.of(1, 10, 100, 1000), List.of(1, 4, 8, 16), 10_000, 5_000, 0));
            assertThat(config.load().path()).isEqualTo(RequestPath.FACADE);
            assertThat(config.load().variant()).isEqualTo("default");
            assertThat(config.local()).isTrue();
            assertThat(config.target().url()).isNull();
            assertThat(config.target().direct()).isEmpty();
            assertThat(config.pass().p99Ms()).isEqualTo(200.0);
            assertThat(config.pass().successPercent()).isEqualTo(99.0);
            assertThat(config.load().mix()).isEqualTo(new LoadSettings.Mix(40, 20, 20, 20));
            assertThat(config.load().corpus()).isEqualTo(CorpusSpec.defaults());
            assertThat(config.output().reportsDir()).isEqualTo(Path.of("reports"));
            assertThat(config.facade().args())
                .containsExactly("--event-loops", "1", "--io-threads", "1", "--max-connections", "64", "--max-in-flight", "1000",
                    "--max-event-loop-lag-ms", "1000");
            assertThat(config.target().index()).isEqualTo("mail");
            assertThat(config.target().replicas()).isZero();
        }

        @Test
        void theIndexAndItsReplicasShouldBeKnobsAndABadIndexRefusedNamingTheKnob() {
            System.setProperty("mailbench.index", "mail-bench");
            System.setProperty("mailbench.index.replicas", "1");
            BenchConfig config = BenchConfig.fromSystemProperties();
            assertThat(config.target().index()).isEqualTo("mail-bench");
            assertThat(config.target().replicas()).isEqualTo(1);

            System.setProperty("mailbench.index", "Mail/../x");
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-Dmailbench.index must be a lowercase OpenSearch index name");
            System.setProperty("mailbench.index", "mail");
            System.setProperty("mailbench.index.replicas", "-1");
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mailbench.index.replicas");
        }

        @Test
        void fromSystemPropertiesShouldTreatBlankPropertiesAsUnset() {
            System.setProperty("mailbench.rate", " ");
            System.setProperty("mailbench.target", "");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.load().rate()).isEqualTo(1000);
            assertThat(config.local()).isTrue();
        }

        @Test
        void knobValuesShouldListEveryKnobWithItsEffectiveValue() {
            System.setProperty("mailbench.rate", "2500");

            Map<String, String> values = BenchConfig.knobValues();

            assertThat(values).hasSize(Knobs.KNOBS.size());
            assertThat(values).containsEntry("mailbench.rate", "2500").containsEntry("mailbench.duration", "60")
                .containsEntry("mailbench.path", "facade");
            assertThat(values.keySet()).startsWith("mailbench.target", "mailbench.opensearch", "mailbench.variant");
        }
    }

    @Nested
    class Numbers {

        @Test
        void fromSystemPropertiesShouldReadTheRate() {
            System.setProperty("mailbench.rate", "250");

            assertThat(BenchConfig.fromSystemProperties().load().rate()).isEqualTo(250);
        }

        @ParameterizedTest
        @ValueSource(strings = {"fast", "0", "-5", "100001", "1000.5"})
        void fromSystemPropertiesShouldRejectABadRateNamingTheProperty(String rate) {
            System.setProperty("mailbench.rate", rate);

            assertRejected("-Dmailbench.rate must be an integer between 1 and 100000, got '" + rate + "' (default 1000)");
        }

        @Test
        void fromSystemPropertiesShouldRejectAZeroDuration() {
            System.setProperty("mailbench.duration", "0");

            assertRejected("-Dmailbench.duration must be an integer between 1 and 86400, got '0' (default 60)");
        }

        @Test
        void theSearchWarmUpShouldTakeZeroAndRefuseTenMinutesOrMore() {
            System.setProperty("mailbench.stack.searchWarmUpSeconds", "0");
            assertThat(BenchConfig.fromSystemProperties().load().searchWarmUpSeconds()).isZero();

            System.setProperty("mailbench.stack.searchWarmUpSeconds", "601");
            assertRejected("-Dmailbench.stack.searchWarmUpSeconds must be an integer between 0 and 600, got '601' (default 30)");
        }

        @Test
        void fromSystemPropertiesShouldAcceptNoWarmUp() {
            System.setProperty("mailbench.warmup", "0");

            assertThat(BenchConfig.fromSystemProperties().load().warmupSeconds()).isZero();
        }

        @Test
        void fromSystemPropertiesShouldRejectASuccessPercentAbove100() {
            System.setProperty("mailbench.assert.successPercent", "101");

            assertRejected("-Dmailbench.assert.successPercent must be a number between 0.0 and 100.0, got '101' (default 99)");
        }

        @Test
        void fromSystemPropertiesShouldPassTheFacadeKnobsAsOptions() {
            System.setProperty("mailbench.facade.eventLoops", "4");
            System.setProperty("mailbench.facade.maxConnections", "512");
            System.setProperty("mailbench.facade.maxEventLoopLagMs", "0");
            System.setProperty("mailbench.facade.maxInFlight", "64");

            assertThat(BenchConfig.fromSystemProperties().facade().args())
                .containsExactly("--event-loops", "4", "--io-threads", "1", "--max-connections", "512", "--max-in-flight", "64",
                    "--max-event-loop-lag-ms", "0");

            System.setProperty("mailbench.facade.maxInFlight", "0");
            assertRejected("-Dmailbench.facade.maxInFlight must be an integer between 1 and 100000, got '0' (default 1000)");
        }

        @Test
        void fromSystemPropertiesShouldStartTheLocalFacadeWithTheTokenFileAndSendItsToken(@TempDir Path dir) throws Exception {
            Path file = java.nio.file.Files.writeString(dir.resolve("token"), "local-token-0123456789\n");
            System.setProperty("mailbench.facade.tokenFile", file.toString());

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.facade().args()).containsSequence("--token-file", file.toAbsolutePath().toString());
            assertThat(config.facade().token().authorization()).isEqualTo("Bearer local-token-0123456789");
        }

        @Test
        void fromSystemPropertiesShouldRejectAnUnreadableTokenFileNamingTheKnob() {
            System.setProperty("mailbench.facade.tokenFile", "/nonexistent/facade.token");

            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-Dmailbench.facade.tokenFile: cannot read /nonexistent/facade.token");
        }
    }

    @Nested
    class Mix {

        @Test
        void fromSystemPropertiesShouldRejectAMixNotAddingTo100() {
            System.setProperty("mailbench.mix.text", "50");

            assertRejected("-Dmailbench.mix.text/from/range/get must add up to 100, got 50+20+20+20");
        }

        @Test
        void fromSystemPropertiesShouldAcceptAnyMixAddingTo100() {
            System.setProperty("mailbench.mix.text", "100");
            System.setProperty("mailbench.mix.from", "0");
            System.setProperty("mailbench.mix.range", "0");
            System.setProperty("mailbench.mix.get", "0");

            assertThat(BenchConfig.fromSystemProperties().load().mix()).isEqualTo(new LoadSettings.Mix(100, 0, 0, 0));
        }

        @Test
        void fromSystemPropertiesShouldRejectANegativeShareNamingIt() {
            System.setProperty("mailbench.mix.get", "-10");
            System.setProperty("mailbench.mix.text", "70");

            assertRejected("-Dmailbench.mix.get must be an integer between 0 and 100, got '-10' (default 20)");
        }
    }

    @Nested
    class PathAndTargets {

        @Test
        void fromSystemPropertiesShouldRejectAnUnknownPath() {
            System.setProperty("mailbench.path", "sideways");

            assertRejected("-Dmailbench.path must be facade or direct, got 'sideways'");
        }

        @Test
        void fromSystemPropertiesShouldAcceptDirectPathLocally() {
            System.setProperty("mailbench.path", "direct");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.load().path()).isEqualTo(RequestPath.DIRECT);
            assertThat(config.local()).isTrue();
        }

        @Test
        void fromSystemPropertiesShouldRejectAnInvalidVariant() {
            System.setProperty("mailbench.variant", "my variant");

            assertRejected("-Dmailbench.variant must be 1-64 of A-Z a-z 0-9 . _ -, got 'my variant'");
        }

        @ParameterizedTest
        @ValueSource(strings = {"staging.example.com:8080", "staging.example.com", "ftp://staging.example.com", "http://"})
        void fromSystemPropertiesShouldRejectATargetThatIsNotAnHttpUrl(String target) {
            System.setProperty("mailbench.target", target);

            assertRejected("-Dmailbench.target must be an http(s)://host:port URL, got '" + target + "'");
        }

        @Test
        void fromSystemPropertiesShouldRejectABadOpenSearchUrlNamingItsProperty() {
            System.setProperty("mailbench.opensearch", "localhost:9200");

            assertRejected("-Dmailbench.opensearch must be an http(s)://host:port URL, got 'localhost:9200'");
        }

        @Test
        void fromSystemPropertiesShouldRemoveATrailingSlashFromTheTarget() {
            System.setProperty("mailbench.target", "https://staging.example.com:8443/");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.target().url()).isEqualTo(URI.create("https://staging.example.com:8443"));
            assertThat(config.local()).isFalse();
        }

        @Test
        void fromSystemPropertiesShouldRequireOpenSearchForDirectPathAgainstATarget() {
            System.setProperty("mailbench.path", "direct");
            System.setProperty("mailbench.target", "http://staging.example.com:8080");

            assertRejected("-Dmailbench.path=direct against a -Dmailbench.target needs -Dmailbench.opensearch=<OpenSearch URL>");
        }

        @Test
        void fromSystemPropertiesShouldAcceptDirectPathAgainstATargetWithOpenSearch() {
            System.setProperty("mailbench.path", "direct");
            System.setProperty("mailbench.target", "http://staging.example.com:8080");
            System.setProperty("mailbench.opensearch", "http://search.staging.example.com:9200/");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.target().url()).isEqualTo(URI.create("http://staging.example.com:8080"));
            assertThat(config.target().direct().get(0)).isEqualTo(URI.create("http://search.staging.example.com:9200"));
            assertThat(config.local()).isFalse();
        }
    }

    @Nested
    class Seed {

        @Test
        void fromSystemPropertiesShouldNameTheSeedKnobWhenItIsNotANumber() {
            System.setProperty("mailbench.corpus.seed", "abc");
            assertRejected("-Dmailbench.corpus.seed must be a whole number, got 'abc' (default 42)");
        }
    }

    @Nested
    class StagingAccess {

        @Test
        void severalOpenSearchHostsShouldAllBeDirectTargets() {
            System.setProperty("mailbench.path", "direct");
            System.setProperty("mailbench.target", "http://facade:8080");
            System.setProperty("mailbench.opensearch", "https://os-1:9200,https://os-2:9200");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.target().direct()).containsExactly(URI.create("https://os-1:9200"), URI.create("https://os-2:9200"));
            assertThat(config.target().direct().get(0)).isEqualTo(URI.create("https://os-1:9200"));
        }

        @Test
        void credentialsInAnyUrlKnobShouldBeRefusedAndNeverQuoted() {
            System.setProperty("mailbench.target", "http://facade:8080");
            System.setProperty("mailbench.opensearch", "https://admin:hunter2@os-1:9200");

            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-Dmailbench.opensearch must not carry credentials").hasMessageContaining("MAILBENCH_OPENSEARCH_PASSWORD")
                .hasMessageNotContaining("hunter2");
            assertThat(BenchConfig.knobValues().get("mailbench.opensearch")).isEqualTo("https://***@os-1:9200");
        }

        @Test
        void theCredentialsFileShouldBeAKnobAndItsContentNot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
            java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("creds"), "bench:hunter2\n");
            System.setProperty("mailbench.opensearch.credentialsFile", file.toString());

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.target().opensearchAccess().credentials().username()).isEqualTo("bench");
            assertThat(BenchConfig.knobValues()).containsEntry("mailbench.opensearch.credentialsFile", file.toString());
            assertThat(BenchConfig.knobValues().toString()).doesNotContain("hunter2");
        }

        @Test
        void theCaKnobShouldBeTheTlsTrustOfMailbenchsOwnCalls(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
            java.nio.file.Path pem = mailbench.access.JdkCaPem.write(dir.resolve("staging-ca.pem"));
            System.setProperty("mailbench.opensearch.ca", pem.toString());

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.target().opensearchAccess().trust().caPem()).isEqualTo(pem);
            assertThat(config.target().opensearchAccess().describe()).contains("CA " + pem);
        }

        @Test
        void noAccessKnobShouldMeanTheJdksCas() {
            assertThat(BenchConfig.fromSystemProperties().target().opensearchAccess().trust().custom()).isFalse();
        }

        @Test
        void badAccessKnobsShouldBeRefusedNamingTheProperty(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
            System.setProperty("mailbench.opensearch.ca", dir.resolve("missing.pem").toString());
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-Dmailbench.opensearch.ca: no such file");

            java.nio.file.Path junk = java.nio.file.Files.writeString(dir.resolve("junk.pem"), "not a certificate");
            System.setProperty("mailbench.opensearch.ca", junk.toString());
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-Dmailbench.opensearch.ca: ");

            System.setProperty("mailbench.opensearch.truststore", junk.toString());
            assertRejected("give either -Dmailbench.opensearch.ca (PEM) or -Dmailbench.opensearch.truststore (PKCS12/JKS), not both");
        }
    }

    @Nested
    class LargeSource {

        @Test
        void theCorpusShouldBePlainUnlessAttachmentTextIsAsked() {
            assertThat(BenchConfig.fromSystemProperties().load().corpus().attachmentTextBytes()).isZero();

            System.setProperty("mailbench.corpus.attachmentTextBytes", "1048576");

            assertThat(BenchConfig.fromSystemProperties().load().corpus().attachmentTextBytes()).isEqualTo(1_048_576);
        }

        @Test
        void aSimulationsOwnDefaultsShouldApplyAndBeRecordedWhereNoPropertyIsSet() {
            Map<String, String> defaults = SimulationNeeds.LARGE_SOURCE.knobDefaults();
            System.setProperty("mailbench.duration", "20");

            BenchConfig config = BenchConfig.fromSystemProperties(defaults);

            assertThat(config.load().corpus()).isEqualTo(new CorpusSpec(42, 60, 1, 5 * 1024 * 1024));
            assertThat(config.load().warmupSeconds()).isEqualTo(30);
            assertThat(config.load().durationSeconds()).as("a -D value wins over the simulation's default").isEqualTo(20);
            assertThat(config.pass().p99Ms()).isEqualTo(10_000);
            assertThat(config.workloads().large()).isEqualTo(new WorkloadSettings.LargeSource(5, 2));
            assertThat(BenchConfig.knobValues(defaults)).containsEntry("mailbench.corpus.messages", "60")
                .containsEntry("mailbench.corpus.attachmentTextBytes", "5242880").containsEntry("mailbench.duration", "20");
            assertThat(BenchConfig.fromSystemProperties().load().corpus()).as("other simulations keep the knobs' defaults")
                .isEqualTo(new CorpusSpec(42, 100_000, 1_000));
        }

        @Test
        void badLargeSourceValuesShouldBeRefusedNamingTheKnob() {
            System.setProperty("mailbench.large.hits", "0");
            assertRejected("-Dmailbench.large.hits must be an integer between 1 and 100, got '0' (default 5)");

            System.clearProperty("mailbench.large.hits");
            System.setProperty("mailbench.corpus.attachmentTextBytes", "30000000");
            assertRejected("-Dmailbench.corpus.attachmentTextBytes must be an integer between 0 and 20971520, got '30000000' (default 0)");
        }
    }

    /** -Dmailbench.network and -Dmailbench.toxiproxy.bin. */
    @Nested
    class Network {

        @Test
        void theDefaultShouldBeNoProxyAtAll() {
            BenchConfig config = BenchConfig.fromSystemProperties();
            assertThat(config.target().network().profile()).isSameAs(NetworkProfile.NONE);
            assertThat(config.target().network().toxiproxyBin()).isNull();
            assertThat(BenchConfig.knobValues()).containsEntry("mailbench.network", "none").containsEntry("mailbench.toxiproxy.bin", "");
        }

        @Test
        void aProfileAndABinaryShouldReachTheStackWithTheKnobThatNamesTheBinary() {
            System.setProperty("mailbench.network", "lan");
            System.setProperty("mailbench.toxiproxy.bin", "tools/toxiproxy-server");
            BenchConfig config = BenchConfig.fromSystemProperties();
            assertThat(config.target().network().profile()).isSameAs(NetworkProfile.LAN);
            assertThat(config.target().network().toxiproxyBin()).isEqualTo(Path.of("tools/toxiproxy-server"));
            assertThat(config.target().network().binOption()).isEqualTo("-Dmailbench.toxiproxy.bin");
        }

        @Test
        void anUnknownProfileShouldBeRefusedListingTheProfiles() {
            System.setProperty("mailbench.network", "wan");
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dmailbench.network: no network profile 'wan'; one of none, lan, region, cross-region");
        }

        @Test
        void aProfileShouldBeRefusedWhereThereIsNoLocalHopToShape() {
            System.setProperty("mailbench.network", "region");
            System.setProperty("mailbench.target", "http://facade.example:8080");
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shapes the local stack's hops; against -Dmailbench.target the network is the real one: leave it none");

            System.clearProperty("mailbench.target");
            System.setProperty("mailbench.path", "direct");
            assertThatThrownBy(BenchConfig::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the direct path has none: leave it none with -Dmailbench.path=direct");
        }
    }
}
