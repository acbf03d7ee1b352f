package mailbench.bisect;

import java.io.IOException;
import java.util.List;

/**
 * Makes one round of a bisection step: {@code pairs} pairs of the good commit against the tested one, each read as the
 * judged metric's change in its worse direction (percent of the good side, or points), as a night reads its pairs. The
 * real one runs duets ({@link CheckoutSteps}); tests replay recorded series. A pair not counted may leave fewer changes.
 */
@FunctionalInterface
public interface StepRunner {

    List<Double> changes(String goodCommit, String testedCommit, int pairs) throws IOException, InterruptedException;
}
