package mailbench.bisect;

import java.util.List;

/**
 * One step of a bisection: a commit tested against the good end ({@code confirm}: the last commit standing against its
 * parent), the pairs of each round (a round doubles the pairs while the answer is unknown), every pair's change and what
 * they were read as.
 */
public record BisectStep(int number, boolean confirm, String good, String tested, List<Integer> rounds, List<Double> changes,
                         StepReading reading) {

    public BisectStep {
        rounds = List.copyOf(rounds);
        changes = List.copyOf(changes);
    }

    public Answer answer() {
        return reading.answer();
    }
}
