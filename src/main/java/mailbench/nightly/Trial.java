package mailbench.nightly;

import java.time.Duration;

import mailbench.compare.RunResult;

/** One pair of runs: pair {@code index} (1-based), which side went first, both runs, and how long the pair took. */
record Trial(int index, boolean baseFirst, RunResult base, RunResult current, Duration took) {
}
