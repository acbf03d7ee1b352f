package mailbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import mailbench.compare.Metric;
import mailbench.compare.PairedVerdict;
import mailbench.errors.ToolError;

/**
 * The planner on recorded pair changes: the facade's CPU per request in two duet nights of the calibration
 * (docs/results/2026-11-26-night-calibration.adoc), one of identical code and one with 19 µs (about 5%) more CPU a
 * request on one side, replayed as the pairs of each step.
 */
class BisectPlannerTest {

    /** Identical code on both sides: 12 pairs, standard deviation 2.5%. */
    static final List<Double> SAME_CODE = List.of(0.6, 4.3, -1.7, -3.0, 0.3, -3.8, -0.1, 2.7, -2.3, 2.7, -1.3, -0.9);
    /** 19 µs more CPU a request on the current side: 8 pairs, every one worse, standard deviation 2.9%. */
    static final List<Double> MORE_CPU = List.of(3.0, 5.7, 9.4, 2.8, 6.6, 8.5, 10.4, 4.0);

    static final NightEffect NIGHT = NightEffect.ofChanges(Metric.PROCESS_CPU_MS_PER_REQUEST, MORE_CPU, "the +5% night");

    /** Replays recorded changes, the series for each pair of commits as {@code series} chooses it. */
    static final class Recorded implements StepRunner {

        final List<Integer> asked = new ArrayList<>();
        private final BiFunction<String, String, List<Double>> series;
        private final Map<String, Integer> read = new HashMap<>();

        /** The truth of one culprit: the tested commit holds the change when the culprit lies after the good one, up to it. */
        Recorded(CommitRange range, int culprit) {
            this((good, tested) -> truth(range, culprit, good, tested));
        }

        Recorded(BiFunction<String, String, List<Double>> series) {
            this.series = series;
        }

        static List<Double> truth(CommitRange range, int culprit, String good, String tested) {
            return position(range, good) < culprit && culprit <= position(range, tested) ? MORE_CPU : SAME_CODE;
        }

        private static int position(CommitRange range, String commit) {
            return commit.equals(range.good()) ? 0 : range.commits().indexOf(commit) + 1;
        }

        @Override
        public List<Double> changes(String good, String tested, int pairs) {
            asked.add(pairs);
            List<Double> replayed = series.apply(good, tested);
            // a round that doubles a step goes on where its last round stopped, as more pairs of one night would
            int from = read.merge(good + tested, pairs, Integer::sum) - pairs;
            return IntStream.range(from, from + pairs).mapToObj(i -> replayed.get(i % replayed.size())).toList();
        }
    }

    static CommitRange range(int commits) {
        return new CommitRange("c00", IntStream.rangeClosed(1, commits).mapToObj(i -> String.format("c%02d", i)).toList());
    }

    private static BisectOutcome bisect(CommitRange range, StepRunner runner) throws Exception {
        return new BisectPlanner(range, NIGHT, BisectPlanner.Limits.DEFAULT).run(runner, line -> { });
    }

    @Test
    void shouldNameTheCulpritCommitWithinLog2StepsThenCheckItAgainstItsParent() throws Exception {
        for (int commits = 8; commits <= 16; commits++) {
            CommitRange range = range(commits);
            int mostNarrowing = 0;
            while (1 << mostNarrowing < commits) {
                mostNarrowing++;
            }
            for (int culprit = 1; culprit <= commits; culprit++) {
                BisectOutcome outcome = bisect(range, new Recorded(range, culprit));

                String name = commits + " commits, culprit " + range.at(culprit);
                assertThat(outcome.verdict()).as(name + ": " + outcome.why()).isEqualTo(BisectOutcome.Verdict.CONFIRMED);
                assertThat(outcome.culprit()).as(name).isEqualTo(range.at(culprit));
                assertThat(outcome.steps().stream().filter(step -> !step.confirm()).count()).as(name).isLessThanOrEqualTo(mostNarrowing);
                BisectStep check = outcome.steps().get(outcome.steps().size() - 1);
                assertThat(check.confirm()).as(name).isTrue();
                assertThat(List.of(check.good(), check.tested())).as(name).containsExactly(range.at(culprit - 1), range.at(culprit));
                assertThat(outcome.steps()).as(name).allMatch(step -> step.confirm() || step.good().equals(range.good()));
            }
        }
    }

    @Test
    void aStepShouldHaveThePairsWhoseMinimumDetectableEffectIsWithinHalfTheEffect() {
        NightEffect fivePercent = new NightEffect(Metric.PROCESS_CPU_MS_PER_REQUEST, 5.0, 3.0, "given");
        int pairs = new BisectPlanner(range(8), fivePercent, BisectPlanner.Limits.DEFAULT).pairs();

        assertThat(PairedVerdict.mde(3.0, pairs, 0.05)).isLessThanOrEqualTo(2.5);
        assertThat(PairedVerdict.mde(3.0, pairs - 1, 0.05)).isGreaterThan(2.5);
        assertThat(new BisectPlanner(range(8), NIGHT, BisectPlanner.Limits.DEFAULT).pairs()).isEqualTo(8);
        NightEffect noisy = new NightEffect(Metric.PROCESS_CPU_MS_PER_REQUEST, 5.0, 12.0, "given");
        assertThat(new BisectPlanner(range(8), noisy, BisectPlanner.Limits.DEFAULT).pairs()).as("capped").isEqualTo(20);
        assertThat(new BisectPlanner(range(8), new NightEffect(Metric.PROCESS_CPU_MS_PER_REQUEST, 30.0, 1.0, "given"),
            BisectPlanner.Limits.DEFAULT).pairs()).as("never below --min-pairs").isEqualTo(6);
    }

    @Test
    void thePlanShouldSayWhereTheChangeItLooksForCameFrom() {
        NightEffect byHand = new NightEffect(Metric.PROCESS_CPU_MS_PER_REQUEST, 10.0, 2.0, "--effect and --spread");
        assertThat(new BisectPlanner(range(8), byHand, new BisectPlanner.Limits(5, 20, 0.05)).describe())
            .startsWith("8 commits after c00 up to c08: at most 4 steps (3 to narrow, 1 to check the culprit against its parent) of 5 pairs")
            .contains("processCpuMsPerRequest changed by +10.0%, its pair changes spread by 2.0% (from --effect and --spread): a step's"
                + " pairs could detect 2.7%, within half the effect (5.0%)")
            .doesNotContain("in the night");
    }

    @Test
    void aStepLikeNeitherEndShouldDoubleItsPairsUpToTheMostThenSayUnknown() throws Exception {
        CommitRange range = range(8);
        // the first step's commit holds half the change: identical code's noise around half the effect
        List<Double> half = SAME_CODE.stream().map(c -> c + NIGHT.effect() / 2).toList();
        Recorded halfway = new Recorded((good, tested) -> tested.equals(range.at(4)) ? half : Recorded.truth(range, 5, good, tested));

        BisectOutcome outcome = bisect(range, halfway);

        assertThat(halfway.asked).containsExactly(8, 8, 4);
        assertThat(outcome.verdict()).isEqualTo(BisectOutcome.Verdict.UNKNOWN);
        assertThat(outcome.culprit()).isNull();
        assertThat(outcome.steps()).singleElement().satisfies(step -> {
            assertThat(step.rounds()).containsExactly(8, 8, 4);
            assertThat(step.changes()).hasSize(20);
            assertThat(step.answer()).isEqualTo(Answer.UNKNOWN);
        });
        assertThat(outcome.candidates()).isEqualTo(range.commits());
        assertThat(outcome.why()).contains("step 1 stayed unknown with 20 pairs").contains("one of the 8 commits after c00 up to c08");
    }

    @Test
    void anUnknownStepThatDecidesWhenDoubledShouldGoOn() throws Exception {
        CommitRange range = range(8);
        // the first 8 pairs of the tested commit look like neither end; the next 8 like the good end
        List<Double> unclear = List.of(3.0, -0.5, 4.1, 0.2, 3.8, 2.9, 1.0, 2.5, -1.7, -3.0, 0.3, -3.8, -0.1, -2.3, -1.3, -0.9);
        Recorded late = new Recorded((good, tested) -> tested.equals(range.at(4)) ? unclear : Recorded.truth(range, 6, good, tested));

        BisectOutcome outcome = bisect(range, late);

        assertThat(outcome.steps().get(0).rounds()).containsExactly(8, 8);
        assertThat(outcome.steps().get(0).answer()).isEqualTo(Answer.SAME);
        assertThat(outcome.culprit()).isEqualTo("c06");
    }

    @Test
    void aCulpritThatItsParentCannotBeToldFromShouldNotBeNamed() throws Exception {
        CommitRange range = range(8);
        // against the good end the change is there from c05 on, but c05 against c04 is identical code: spread over commits
        Recorded spread = new Recorded((good, tested) -> good.equals(range.good()) ? Recorded.truth(range, 5, good, tested) : SAME_CODE);

        BisectOutcome outcome = bisect(range, spread);

        assertThat(outcome.verdict()).isEqualTo(BisectOutcome.Verdict.UNCONFIRMED);
        assertThat(outcome.culprit()).isNull();
        assertThat(outcome.suspect()).isEqualTo("c05");
        assertThat(outcome.parent()).isEqualTo("c04");
        assertThat(outcome.steps().get(outcome.steps().size() - 1).answer()).isEqualTo(Answer.SAME);
        assertThat(outcome.why()).startsWith("the culprit could not be confirmed: c05 against its parent c04 is like the good end");
    }

    @Test
    void aRangeOfOneCommitShouldGoStraightToTheCheckAgainstItsParent() throws Exception {
        CommitRange range = new CommitRange("c00", List.of("c01"));
        Recorded recorded = new Recorded(range, 1);

        BisectOutcome outcome = bisect(range, recorded);

        assertThat(outcome.steps()).singleElement().satisfies(step -> {
            assertThat(step.confirm()).isTrue();
            assertThat(List.of(step.good(), step.tested())).containsExactly("c00", "c01");
            assertThat(step.answer()).isEqualTo(Answer.DIFFERENT);
        });
        assertThat(outcome.culprit()).isEqualTo("c01");
        assertThat(recorded.asked).containsExactly(8);
    }

    @Test
    void shouldSayEachStepAndHowManyAreLeft() throws Exception {
        CommitRange range = range(8);
        List<String> said = new ArrayList<>();

        new BisectPlanner(range, NIGHT, BisectPlanner.Limits.DEFAULT).run(new Recorded(range, 3), said::add);

        assertThat(said).contains("step 1/4: testing c04 against c00 with 8 pairs ...", "step 2/4: testing c02 against c00 with 8 pairs ...",
            "step 3/4: testing c03 against c00 with 8 pairs ...", "step 4/4: testing c03 against c02 with 8 pairs ...");
        assertThat(said).anyMatch(line -> line.startsWith("step 1/4: different, like the bad end: +"))
            .anyMatch(line -> line.startsWith("step 2/4: same, like the good end: "));
    }

    @Test
    void badInputShouldBeAToolErrorThatNamesTheFix() {
        assertThatThrownBy(() -> new CommitRange("c00", List.of())).isInstanceOf(ToolError.class).hasMessageContaining("nothing to bisect")
            .hasMessageContaining("give a --baseline-commit older than --bad-commit");
        assertThatThrownBy(() -> new CommitRange("c00", List.of("c01", "c00"))).isInstanceOf(ToolError.class)
            .hasMessageContaining("the good one left out");
        assertThatThrownBy(() -> NightEffect.ofChanges(Metric.PROCESS_CPU_MS_PER_REQUEST, SAME_CODE, "the same-code night"))
            .isInstanceOf(ToolError.class).hasMessageContaining("not worse, nothing to bisect").hasMessageContaining("positive --effect");
        assertThatThrownBy(() -> new NightEffect(Metric.PROCESS_CPU_MS_PER_REQUEST, 5, 0, "given")).isInstanceOf(ToolError.class)
            .hasMessageContaining("positive --spread");
        assertThatThrownBy(() -> new BisectPlanner.Limits(4, 20, 0.05)).isInstanceOf(ToolError.class).hasMessageContaining("--min-pairs");
        assertThatThrownBy(() -> bisect(range(8), (good, tested, pairs) -> List.of())).isInstanceOf(ToolError.class)
            .hasMessageContaining("step 1/4: no pair of c04 against c00 counted");
    }
}
