package mailbench.nightly;

import java.time.Duration;

import mailbench.compare.RunResult;

/**
 * One pair of runs: pair {@code index} (1-based), which side went first, both runs, how long the pair took, what the
 * host left each side ({@link Headroom}) and, for a pair the night does not count, why ({@link PairRule}; null: counted).
 */
record Trial(int index, boolean baseFirst, RunResult base, RunResult current, Duration took, Headroom baseRoom,
             Headroom currentRoom, String notCounted) {

    /** A pair as its runner made it: headroom not read yet, counted. */
    Trial(int index, boolean baseFirst, RunResult base, RunResult current, Duration took) {
        this(index, baseFirst, base, current, took, null);
    }

    /** A pair as its runner made it, headroom not read yet; {@code apart}: why its runner already knows it does not count, or null. */
    Trial(int index, boolean baseFirst, RunResult base, RunResult current, Duration took, String apart) {
        this(index, baseFirst, base, current, took, Headroom.UNKNOWN, Headroom.UNKNOWN, apart);
    }

    boolean counted() {
        return notCounted == null;
    }

    /** This pair with its sides' headroom read and the rule's judgement, after its runner's own reason, if any. */
    Trial checked(Headroom baseRoom, Headroom currentRoom, PairRule rule) {
        String rules = rule.whyNotCounted(base, baseRoom, current, currentRoom);
        String why = notCounted == null ? rules : rules == null ? notCounted : notCounted + "; " + rules;
        return new Trial(index, baseFirst, base, current, took, baseRoom, currentRoom, why);
    }
}
