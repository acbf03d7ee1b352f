package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The example CI definition in docs/ci/nightly.yml keeps the rules that stop a nightly job from fooling itself. */
class NightlyWorkflowTest {

    private static final Path FILE = Path.of("docs", "ci", "nightly.yml");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> workflow() throws IOException {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(FILE));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> job(String name) throws IOException {
        return (Map<String, Object>) ((Map<String, Object>) workflow().get("jobs")).get(name);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(String job) throws IOException {
        return (List<Map<String, Object>>) job(job).get("steps");
    }

    private static String runs(String job) throws IOException {
        StringBuilder all = new StringBuilder();
        steps(job).forEach(step -> all.append(step.getOrDefault("run", "")).append('\n'));
        return all.toString();
    }

    @Test
    @SuppressWarnings("unchecked")
    void thePinTheBuildsAndTheHistoryShouldLiveOutsideTheCheckoutAndNoCacheShouldHoldThem() throws IOException {
        Map<String, Object> env = (Map<String, Object>) workflow().get("env");
        assertThat(String.valueOf(env.get("MAILBENCH_STATE"))).startsWith("/");
        assertThat(runs("night")).contains("--baseline-commit \"$(cat \"$MAILBENCH_STATE/baseline-commit\")\"")
            .contains("--builds \"$MAILBENCH_STATE/builds\"").contains("--history \"$MAILBENCH_STATE/history\"");
        assertThat(runs("rebaseline")).contains("\"$MAILBENCH_STATE/baseline-commit\"");
        for (String job : List.of("night", "rebaseline")) {
            assertThat(steps(job)).noneMatch(step -> String.valueOf(step.get("uses")).startsWith("actions/cache"));
        }
    }

    @Test
    void theNightShouldNeverPinABaselineAndShouldFailWithoutOne() throws IOException {
        String night = runs("night");
        assertThat(night).doesNotContain("> \"$MAILBENCH_STATE/baseline-commit");
        assertThat(night).contains("if [ ! -s \"$MAILBENCH_STATE/baseline-commit\" ]").contains("job=rebaseline").contains("exit 2");
    }

    @Test
    void rebaseliningShouldBeAManualJobThatReplacesThePinWhole() throws IOException {
        assertThat(String.valueOf(job("rebaseline").get("if"))).contains("workflow_dispatch").contains("rebaseline");
        String rebaseline = runs("rebaseline");
        assertThat(rebaseline).contains("echo \"$GITHUB_SHA\" > \"$MAILBENCH_STATE/baseline-commit.new\"")
            .contains("mv \"$MAILBENCH_STATE/baseline-commit.new\" \"$MAILBENCH_STATE/baseline-commit\"")
            .doesNotContain("mailbench.jar");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNightsCheckoutShouldHoldThePinnedCommit() throws IOException {
        Map<String, Object> checkout = steps("night").get(indexOfUses(steps("night"), "actions/checkout"));
        assertThat(((Map<String, Object>) checkout.get("with")).get("fetch-depth")).isEqualTo(0);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWorkflowShouldBeAllowedToPublishChecks() throws IOException {
        Map<String, Object> permissions = (Map<String, Object>) workflow().get("permissions");
        assertThat(permissions).containsEntry("checks", "write").containsEntry("contents", "read");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNightShouldPublishItsJunitAndItsVerdictTableEvenWhenItFails() throws IOException {
        List<Map<String, Object>> steps = steps("night");
        Map<String, Object> junit = steps.get(indexOfUses(steps, "action-junit-report"));
        assertThat(String.valueOf(((Map<String, Object>) junit.get("with")).get("report_paths"))).endsWith("comparison/junit.xml");
        assertThat(junit.get("if")).isEqualTo("always()");
        Map<String, Object> summary = steps.get(indexOf(steps, "GITHUB_STEP_SUMMARY"));
        assertThat(summary.get("if")).isEqualTo("always()");
        // the fields the table reads must be the night record's own (NightRecord)
        assertThat(String.valueOf(summary.get("run"))).contains(NightlyJob.NIGHT_JSON, ".verdict", ".design", ".pairs", ".minutes",
            ".baseline", ".current", ".stopped", ".undecided[]", ".metric", ".baseMedian", ".currentMedian", ".worseBy", ".mde", ".outcome");
        // and, after nightly --bisect, the culprit it added to the record (bisect.NightBisect)
        assertThat(String.valueOf(summary.get("run"))).contains(".bisect.culprit", ".bisect // empty");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNightShouldDrawTheTrendFromTheKeptHistoryEvenAfterARegressionAndKeepThePage() throws IOException {
        List<Map<String, Object>> steps = steps("night");
        int night = indexOf(steps, "mailbench.jar nightly ");
        int trend = indexOf(steps, "mailbench.jar trend ");
        int upload = indexOfUses(steps, "actions/upload-artifact");
        assertThat(trend).as("a step runs mailbench.jar trend").isNotNegative();
        assertThat(night).isNotNegative().isLessThan(trend);
        assertThat(trend).isLessThan(upload);

        String command = String.valueOf(steps.get(trend).get("run"));
        assertThat(option(command, "--history")).as("the history the night step writes")
            .isEqualTo(option(String.valueOf(steps.get(night).get("run")), "--history")).isEqualTo("\"$MAILBENCH_STATE/history\"");
        String kept = String.valueOf(((Map<String, Object>) steps.get(upload).get("with")).get("path"));
        assertThat(option(command, "--out")).as("the page is in the uploaded folder").startsWith(kept + "/").endsWith("trend.html");
        // without one of these a step runs only when every step before it passed: never after a regression (exit 3)
        assertThat(String.valueOf(steps.get(trend).get("if"))).containsAnyOf("always()", "!cancelled()", "failure()")
            .doesNotContain("success");
        assertThat(String.valueOf(steps.get(upload).get("if"))).isEqualTo("always()");
    }

    @Test
    void bothJobsShouldAskForTheDedicatedRunnerByItsLabel() throws IOException {
        for (String job : List.of("night", "rebaseline")) {
            assertThat(String.valueOf(job(job).get("runs-on"))).as(job + "'s runs-on").isEqualTo("[self-hosted, mailbench]");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNightShouldGetIntoASecuredResultsClusterWithItsCaAndCredentialsOnlyWhenOneIsSet() throws IOException {
        Map<String, Object> night = steps("night").get(indexOf(steps("night"), "mailbench.jar nightly "));
        assertThat(String.valueOf(night.get("run"))).contains("${MAILBENCH_RESULTS_URL:+--results-url \"$MAILBENCH_RESULTS_URL\"}")
            .contains("${MAILBENCH_RESULTS_CA:+--opensearch-ca \"$MAILBENCH_RESULTS_CA\"}");
        Map<String, Object> env = (Map<String, Object>) night.get("env");
        assertThat(env).containsEntry("MAILBENCH_OPENSEARCH_PASSWORD", "${{ secrets.MAILBENCH_OPENSEARCH_PASSWORD }}")
            .containsKeys("MAILBENCH_RESULTS_URL", "MAILBENCH_RESULTS_CA", "MAILBENCH_OPENSEARCH_USERNAME");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theGuidesRecipeShouldNameWhatTheWorkflowNeeds() throws IOException {
        String page = Files.readString(Path.of("docs", "nightly.adoc"));
        String recipe = page.substring(page.indexOf("[[ci-recipe]]"), page.indexOf("[[ci-others]]"));
        String file = Files.readString(FILE);
        assertThat(recipe).contains("--labels mailbench", "runs-on: [self-hosted, mailbench]",
            String.valueOf(((Map<String, Object>) workflow().get("env")).get("MAILBENCH_STATE")));
        Matcher needed = Pattern.compile("\\$\\{\\{ (?:vars|secrets)\\.(\\w+) }}").matcher(file);
        while (needed.find()) {
            assertThat(recipe).as("the recipe in docs/nightly.adoc sets " + needed.group(1)).contains(needed.group(1));
        }
    }

    private static String option(String command, String name) {
        Matcher value = Pattern.compile(Pattern.quote(name) + "\\s+(\"[^\"]*\"|\\S+)").matcher(command);
        assertThat(value.find()).as(name + " in " + command).isTrue();
        return value.group(1);
    }

    private static int indexOf(List<Map<String, Object>> steps, String text) {
        for (int i = 0; i < steps.size(); i++) {
            if (String.valueOf(steps.get(i).get("run")).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfUses(List<Map<String, Object>> steps, String action) {
        for (int i = 0; i < steps.size(); i++) {
            if (String.valueOf(steps.get(i).get("uses")).contains(action)) {
                return i;
            }
        }
        return -1;
    }
}
