package mailbench.bisect;

import java.util.List;
import java.util.Locale;

/**
 * What a bisection found: the culprit, confirmed against its parent (CONFIRMED); the last commit standing, which its
 * parent's duet did not confirm (UNCONFIRMED); or a step that stayed unknown with the most pairs (UNKNOWN), with the
 * commits the culprit may still be. {@code why} says it in a sentence.
 */
public record BisectOutcome(Verdict verdict, String suspect, String parent, List<String> candidates, String why, List<BisectStep> steps) {

    public enum Verdict {
        CONFIRMED, UNCONFIRMED, UNKNOWN;

        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public BisectOutcome {
        candidates = List.copyOf(candidates);
        steps = List.copyOf(steps);
    }

    /** The answer in one line: the culprit, or why none is named. */
    public String summary() {
        return switch (verdict) {
            case CONFIRMED -> "culprit " + suspect + " (confirmed against its parent " + parent + ")";
            case UNCONFIRMED -> "no culprit confirmed (" + suspect + " was left, but its parent " + parent + " could not be told from it)";
            case UNKNOWN -> "unknown (the culprit is one of " + candidates.size() + " commits, " + CommitRange.abbreviated(candidates.get(0))
                + " to " + CommitRange.abbreviated(candidates.get(candidates.size() - 1)) + ")";
        };
    }

    /** The culprit, only when confirmed; null otherwise. */
    public String culprit() {
        return verdict == Verdict.CONFIRMED ? suspect : null;
    }
}
