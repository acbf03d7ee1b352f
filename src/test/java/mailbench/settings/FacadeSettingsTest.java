package mailbench.settings;

import static mailbench.settings.KnobRefusals.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import mailbench.knobs.ClearedKnobs;

/** The facade knobs: its JVM options, and the variant it is started as locally. */
@ExtendWith(ClearedKnobs.class)
class FacadeSettingsTest {

    @Nested
    class FacadeJvmArgs {

        @Test
        void fromSystemPropertiesShouldPassNoJvmArgsByDefault() {
            assertThat(BenchConfig.fromSystemProperties().facade().jvmArgs()).isEmpty();
        }

        @Test
        void fromSystemPropertiesShouldSplitTheJvmArgsOnSpaces() {
            System.setProperty("mailbench.facade.jvmArgs", " -XX:+UseParallelGC   -Xss512k\t-Dfoo=bar ");

            assertThat(BenchConfig.fromSystemProperties().facade().jvmArgs())
                .containsExactly("-XX:+UseParallelGC", "-Xss512k", "-Dfoo=bar");
        }

        @Test
        void fromSystemPropertiesShouldRejectAJvmArgThatIsNotAnOption() {
            System.setProperty("mailbench.facade.jvmArgs", "-XX:+UseParallelGC UseZGC");

            assertRejected("-Dmailbench.facade.jvmArgs takes JVM options that start with '-', got 'UseZGC'");
        }
    }

    @Nested
    class Variants {

        @Test
        void fromSystemPropertiesShouldStartTheLocalFacadeAsTheVariantSays() {
            System.setProperty("mailbench.variant", "opensearch-java-2.2.0");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.facade().opensearchJava()).isEqualTo("2.2.0");
            assertThat(config.facade().args()).containsSequence("--transport", "rest-client");
        }

        @Test
        void fromSystemPropertiesShouldKeepThePinnedClientForTheDefault() {
            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.facade().opensearchJava()).isNull();
            assertThat(config.facade().args()).doesNotContain("--transport");
        }

        @Test
        void fromSystemPropertiesShouldRejectAnUnknownLocalVariantNamingTheKnownOnes() {
            System.setProperty("mailbench.variant", "faster");

            assertThatThrownBy(BenchConfig::fromSystemProperties)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no local variant 'faster'")
                .hasMessageContaining("default, source-projection, source-generic, source-full, rest-client, opensearch-java-2.2.0, mapper-per-request");
        }

        @Test
        void fromSystemPropertiesShouldTakeAnyLabelAgainstATarget() {
            System.setProperty("mailbench.variant", "staging-monday");
            System.setProperty("mailbench.target", "http://facade:8080");

            BenchConfig config = BenchConfig.fromSystemProperties();

            assertThat(config.load().variant()).isEqualTo("staging-monday");
            assertThat(config.facade().opensearchJava()).isNull();
        }
    }

}
