package mailbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import mailbench.errors.ToolError;

/** The plan's order and extension, with a runner that makes no load: it records what it was asked and takes no time. */
class TrialPlanTest {

    /** Pairs as asked; each "takes" {@code took}. */
    private static final class RecordingRunner implements TrialRunner {
        final List<String> asked = new ArrayList<>();
        Duration took = Duration.ofSeconds(1);

        @Override
        public String design() {
            return "recorded";
        }

        @Override
        public Trial run(int index, boolean baseFirst) {
            asked.add(index + (baseFirst ? "B" : "C"));
            return new Trial(index, baseFirst, null, null, took);
        }

        @Override
        public void stop() {
        }
    }

    private static TrialPlan plan(int min, int max, Duration budget, TrialOrder order) {
        return new TrialPlan(new TrialPlan.Settings(min, max, budget, order, 7), System.nanoTime());
    }

    @Test
    void aDecidedNightShouldStopAtItsMinimum() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        TrialPlan.Outcome outcome = plan(5, 20, Duration.ofMinutes(45), TrialOrder.ALTERNATE).run(runner, trials -> null, line -> { });

        assertThat(runner.asked).containsExactly("1B", "2C", "3B", "4C", "5B");
        assertThat(outcome.stoppedBecause()).isEqualTo("decided after 5 pairs");
    }

    @Test
    void anUndecidedNightShouldAddPairsUntilItIsDecided() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        List<String> said = new ArrayList<>();
        TrialPlan.Outcome outcome = plan(5, 20, Duration.ofMinutes(45), TrialOrder.ALTERNATE)
            .run(runner, trials -> trials.size() < 8 ? "cpu could detect 4.0%, not its threshold of 3.0%" : null, said::add);

        assertThat(outcome.trials()).hasSize(8);
        assertThat(outcome.stoppedBecause()).isEqualTo("decided after 8 pairs");
        assertThat(said).hasSize(3).allMatch(line -> line.startsWith("undecided after ") && line.endsWith("): one more pair"));
    }

    @Test
    void anUndecidedNightShouldStopWhenTheBudgetHasNoRoomForTheSlowestPair() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        runner.took = Duration.ofMinutes(10); // as if each pair took ten minutes, in a night begun 40 minutes ago
        TrialPlan.Outcome outcome = new TrialPlan(new TrialPlan.Settings(2, 20, Duration.ofMinutes(45), TrialOrder.ALTERNATE, 7),
            System.nanoTime() - Duration.ofMinutes(40).toNanos()).run(runner, trials -> "still open", line -> { });

        assertThat(outcome.trials()).hasSize(2);
        assertThat(outcome.stoppedBecause()).startsWith("undecided after 2 pairs (still open) and the time budget of 45 min has no room")
            .contains("a pair takes up to 10.0 min");
    }

    @Test
    void anUndecidedNightShouldStopAtItsMaximum() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        TrialPlan.Outcome outcome = plan(2, 4, Duration.ofMinutes(45), TrialOrder.ALTERNATE).run(runner, trials -> "open", line -> { });

        assertThat(outcome.trials()).hasSize(4);
        assertThat(outcome.stoppedBecause()).isEqualTo("undecided after 4 pairs (open), the most --max-pairs allows");
    }

    @Test
    void aPairNotCountedShouldBeReplacedAndKeptApart() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        List<String> said = new ArrayList<>();
        TrialPlan.Outcome outcome = plan(3, 3, Duration.ofMinutes(45), TrialOrder.ALTERNATE).run(runner, List.of(),
            trial -> trial.index() == 1 ? dropped(trial, "the host had 5% of its cores idle (at least 25%)") : trial, trials -> null,
            said::add);

        assertThat(runner.asked).containsExactly("1B", "2C", "3B", "4C");
        assertThat(outcome.trials()).extracting(Trial::index).containsExactly(2, 3, 4);
        assertThat(outcome.notCounted()).extracting(Trial::index).containsExactly(1);
        assertThat(outcome.stoppedBecause()).isEqualTo("3 pairs, as asked");
        assertThat(said).containsExactly("pair 1 is not counted: the host had 5% of its cores idle (at least 25%)");
    }

    @Test
    void replacingDroppedPairsShouldStopWhenTheBudgetHasNoRoom() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        runner.took = Duration.ofMinutes(10);
        TrialPlan.Outcome outcome = new TrialPlan(new TrialPlan.Settings(2, 20, Duration.ofMinutes(45), TrialOrder.ALTERNATE, 7),
            System.nanoTime() - Duration.ofMinutes(40).toNanos()).run(runner, List.of(), trial -> dropped(trial, "saturated"), trials -> null,
            line -> { });

        assertThat(outcome.trials()).isEmpty();
        assertThat(outcome.notCounted()).hasSize(2);
        assertThat(outcome.stoppedBecause()).startsWith("undecided after 0 pairs (2 more counted pairs needed) and the time budget");
    }

    @Test
    void aNightOfDroppedPairsShouldStopAtTwiceItsMaximum() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        TrialPlan.Outcome outcome = plan(2, 3, Duration.ofMinutes(45), TrialOrder.ALTERNATE).run(runner, List.of(), trial -> dropped(trial, "x"),
            trials -> null, line -> { });

        assertThat(outcome.notCounted()).hasSize(6);
        assertThat(outcome.stoppedBecause()).isEqualTo("0 pairs counted of 6 made, the most a night makes (twice --max-pairs)");
    }

    @Test
    void aCarriedFitPairShouldBeTheFirstCountedPairAndTheRunnerShouldGoOnFromTheNext() throws Exception {
        RecordingRunner runner = new RecordingRunner();
        List<String> said = new ArrayList<>();
        Trial fit = new Trial(1, true, null, null, Duration.ofMinutes(7));
        TrialPlan.Outcome outcome = plan(3, 3, Duration.ofMinutes(45), TrialOrder.ALTERNATE).run(runner, List.of(fit),
            UnaryOperator.identity(), trials -> null, said::add);

        assertThat(outcome.trials()).hasSize(3).first().isSameAs(fit);
        assertThat(runner.asked).containsExactly("2C", "3B");
        assertThat(said).containsExactly("pair 1 is the last fit pair: it ran with the chosen rate and warm-up and counts");
    }

    private static Trial dropped(Trial trial, String why) {
        return new Trial(trial.index(), trial.baseFirst(), null, null, trial.took(), Headroom.UNKNOWN, Headroom.UNKNOWN, why);
    }

    @Test
    void theRandomOrderShouldFollowItsSeedAndMixTheSides() throws Exception {
        RecordingRunner first = new RecordingRunner();
        RecordingRunner again = new RecordingRunner();
        plan(40, 40, Duration.ofMinutes(45), TrialOrder.RANDOM).run(first, trials -> null, line -> { });
        plan(40, 40, Duration.ofMinutes(45), TrialOrder.RANDOM).run(again, trials -> null, line -> { });

        assertThat(again.asked).isEqualTo(first.asked);
        long baseFirst = first.asked.stream().filter(pair -> pair.endsWith("B")).count();
        assertThat(baseFirst).as("a fair coin over 40 pairs").isBetween(10L, 30L);
        assertThat(first.asked).isNotEqualTo(alternate(40));
    }

    @Test
    void badCountsAndBudgetsShouldBeToolErrorsNamingTheOption() {
        assertThatThrownBy(() -> new TrialPlan.Settings(0, 5, Duration.ofMinutes(1), TrialOrder.RANDOM, 1)).isInstanceOf(ToolError.class)
            .hasMessageContaining("--min-pairs");
        assertThatThrownBy(() -> new TrialPlan.Settings(6, 5, Duration.ofMinutes(1), TrialOrder.RANDOM, 1)).hasMessageContaining("--max-pairs");
        assertThatThrownBy(() -> new TrialPlan.Settings(1, 5, Duration.ZERO, TrialOrder.RANDOM, 1)).hasMessageContaining("--max-minutes");
        assertThatThrownBy(() -> TrialOrder.of("abba")).hasMessageContaining("--order must be alternate or random");
    }

    private static List<String> alternate(int pairs) {
        List<String> order = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            order.add(i + (i % 2 == 1 ? "B" : "C"));
        }
        return order;
    }
}
