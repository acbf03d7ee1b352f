package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.compare.DefaultThresholds;
import mailbench.errors.ToolError;

class NightlySettingsTest {

    private static NightlyJob.Settings settings(NightlyJob.Design design, boolean sharedNode, URI results) {
        return NightlyJob.Settings.of("HEAD", design, sharedNode, 6, 20, 45, TrialOrder.RANDOM, 1, Path.of("out"), Path.of("history"),
            Path.of("builds"), results, DefaultThresholds.VALUES, null);
    }

    @Test
    void aDuetShouldRefuseANodePerRun() {
        assertThatThrownBy(() -> settings(NightlyJob.Design.DUET, false, null)).isInstanceOf(ToolError.class)
            .hasMessageContaining("--design duet runs both facades against one node");
        assertThat(settings(NightlyJob.Design.INTERLEAVED, false, null).sharedNode()).isFalse();
    }

    @Test
    void shouldRefuseCredentialsOrNonHttpResultsUrls() {
        assertThatThrownBy(() -> settings(NightlyJob.Design.DUET, true, URI.create("http://admin:secret@host:9200")))
            .isInstanceOf(ToolError.class).hasMessageContaining("without credentials").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> settings(NightlyJob.Design.DUET, true, URI.create("ftp://host"))).isInstanceOf(ToolError.class);
        assertThat(settings(NightlyJob.Design.DUET, true, URI.create("https://results.example:9200")).resultsUrl()).hasHost("results.example");
    }

    @Test
    void theNightShouldKeepTheKnobsItSetsItself() {
        NightlyJob.Settings settings = settings(NightlyJob.Design.DUET, true, null);
        assertThatThrownBy(() -> new NightlyJob(settings, "mvn", Path.of("."), Map.of("mailbench.startAt", "1"), System.out))
            .isInstanceOf(ToolError.class).hasMessageContaining("set by the night");
        assertThatThrownBy(() -> new NightlyJob(settings, "mvn", Path.of("."), Map.of("mailbench.stack.opensearch", "http://x:9200"),
            System.out)).isInstanceOf(ToolError.class);
    }

    @Test
    void aDuetShouldRefuseARateItsSidesCannotShareEquallyBeforeAnyBuild() {
        NightlyJob.Settings duet = settings(NightlyJob.Design.DUET, true, null);
        assertThatThrownBy(() -> new NightlyJob(duet, "mvn", Path.of("."), Map.of("mailbench.rate", "101"), System.out))
            .isInstanceOf(ToolError.class).hasMessageContaining("-Dmailbench.rate=101").hasMessageContaining("100 or 102");
        assertThatThrownBy(() -> new NightlyJob(duet, "mvn", Path.of("."), Map.of("mailbench.rate", "1"), System.out))
            .isInstanceOf(ToolError.class).hasMessageContaining("two sides");
        assertThat(DuetRunner.sides(100).of(1)).isEqualTo(50);
        NightlyJob.Settings interleaved = settings(NightlyJob.Design.INTERLEAVED, true, null);
        assertThat(new NightlyJob(interleaved, "mvn", Path.of("."), Map.of("mailbench.rate", "101"), System.out))
            .as("one run at a time sends the whole rate").isNotNull();
    }

    @Test
    void theRunnerShouldRefuseAFolderThatIsNoCheckoutAndAReportsDirOfItsOwn() {
        assertThatThrownBy(() -> new GatlingRunner("mvn", Path.of("src"), Map.of())).isInstanceOf(ToolError.class)
            .hasMessageContaining("no pom.xml");
        assertThatThrownBy(() -> new GatlingRunner("mvn", Path.of("."), Map.of("mailbench.reportsDir", "x")))
            .isInstanceOf(ToolError.class).hasMessageContaining("set by the job");
    }

    @Test
    void pairsShouldAlternateWhichSideRunsFirstAndRefuseZeroPairs() {
        assertThat(java.util.stream.IntStream.rangeClosed(1, 4).mapToObj(pair -> TrialOrder.ALTERNATE.baseFirst(pair, 0)).toList())
            .containsExactly(true, false, true, false);
        assertThatThrownBy(() -> new PairsJob.Settings(0, Path.of("out"), DefaultThresholds.VALUES)).isInstanceOf(ToolError.class)
            .hasMessageContaining("--pairs must be between 1 and 50");
    }

    @Test
    void theFirstLeadShouldDefaultToTwoMinutesAndRefuseLeadsOutsideItsBounds() {
        NightlyJob.Settings night = settings(NightlyJob.Design.DUET, true, null);
        assertThat(night.pairing().firstLead()).isEqualTo(DuetRunner.FIRST_LEAD).isEqualTo(Duration.ofSeconds(120));
        PairBench.Settings slowHost = new PairBench.Settings(NightlyJob.Design.DUET, true, null, 3, Duration.ofSeconds(180));
        assertThat(night.with(slowHost).pairing()).as("the night keeps what the options said").isEqualTo(slowHost);
        assertThatThrownBy(() -> new PairBench.Settings(NightlyJob.Design.DUET, true, null, 3, Duration.ofSeconds(5)))
            .isInstanceOf(ToolError.class).hasMessage("--first-lead must be between 10 and 1800 seconds, got 5");
        assertThatThrownBy(() -> new PairBench.Settings(NightlyJob.Design.DUET, true, null, 3, Duration.ofSeconds(-1)))
            .isInstanceOf(ToolError.class).hasMessageContaining("got -1");
        assertThatThrownBy(() -> new PairBench.Settings(NightlyJob.Design.DUET, true, null, 3, Duration.ofHours(1)))
            .isInstanceOf(ToolError.class).hasMessageContaining("got 3600");
    }
}
