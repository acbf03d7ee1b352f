package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.compare.DefaultThresholds;
import mailbench.compare.ToolError;

class NightlySettingsTest {

    private static NightlyJob.Settings settings(int runs, URI results) {
        return new NightlyJob.Settings(Path.of("baseline"), false, runs, Path.of("out"), Path.of("history"), results, DefaultThresholds.VALUES);
    }

    @Test
    void shouldRefuseAnOddNumberOfRuns() {
        assertThatThrownBy(() -> settings(0, null)).isInstanceOf(ToolError.class).hasMessageContaining("--runs must be between 1 and 100");
    }

    @Test
    void shouldRefuseCredentialsOrNonHttpResultsUrls() {
        assertThatThrownBy(() -> settings(1, URI.create("http://admin:secret@host:9200"))).isInstanceOf(ToolError.class)
            .hasMessageContaining("without credentials").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> settings(1, URI.create("ftp://host"))).isInstanceOf(ToolError.class);
        assertThat(settings(1, URI.create("https://results.example:9200")).resultsUrl()).hasHost("results.example");
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
        assertThat(java.util.stream.IntStream.rangeClosed(1, 4).mapToObj(PairsJob::baseFirst).toList())
            .containsExactly(true, false, true, false);
        assertThatThrownBy(() -> new PairsJob.Settings(0, Path.of("out"), DefaultThresholds.VALUES)).isInstanceOf(ToolError.class)
            .hasMessageContaining("--pairs must be between 1 and 50");
    }
}
