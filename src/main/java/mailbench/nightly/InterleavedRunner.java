package mailbench.nightly;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

import mailbench.compare.RunResult;

/**
 * Pairs made one run after the other: the side that goes first runs its {@code mvn gatling:test} to the end, then the
 * other. Each run has the host to itself; the pair shares its quarter hour. Fits every change, a server's included
 * (each run may start its own node).
 */
final class InterleavedRunner implements TrialRunner {

    static final String DESIGN = "interleaved";

    private final Side base;
    private final Side current;
    private final GatlingRunner baseRunner;
    private final GatlingRunner currentRunner;
    private final Path folder;
    private final String pairs;
    private final Consumer<String> say;

    /** {@code pairs}: how the pair count reads in progress lines ("5", "5-12"). */
    InterleavedRunner(String maven, Side base, Side current, Path folder, String pairs, Consumer<String> say) {
        this.base = base;
        this.current = current;
        this.baseRunner = new GatlingRunner(maven, base.projectDir(), base.properties());
        this.currentRunner = new GatlingRunner(maven, current.projectDir(), current.properties());
        this.folder = folder;
        this.pairs = pairs;
        this.say = say;
    }

    @Override
    public String design() {
        return DESIGN;
    }

    @Override
    public Trial run(int index, boolean baseFirst) throws InterruptedException {
        long started = System.nanoTime();
        RunResult first = runOne(index, baseFirst ? base : current, baseFirst ? baseRunner : currentRunner);
        RunResult second = runOne(index, baseFirst ? current : base, baseFirst ? currentRunner : baseRunner);
        return new Trial(index, baseFirst, baseFirst ? first : second, baseFirst ? second : first,
            Duration.ofNanos(System.nanoTime() - started));
    }

    private RunResult runOne(int index, Side side, GatlingRunner runner) throws InterruptedException {
        return runSide(runner, side, folder, "pair " + index + "/" + pairs, index, say);
    }

    /** One side's run of pair {@code index} into {@code folder}/{@code side}; its log is logs/pair-N-side.log. */
    static RunResult runSide(GatlingRunner runner, Side side, Path folder, String pairName, int index, Consumer<String> say)
        throws InterruptedException {
        String name = pairName + " " + side.label();
        Path log = folder.resolve("logs").resolve("pair-" + index + "-" + side.label() + ".log");
        say.accept(name + ": mvn gatling:test in " + side.projectDir().toAbsolutePath().normalize() + " (log: " + log + ")");
        RunResult result = RunResult.load(runner.run(folder.resolve(side.label()), log, where -> say.accept(name + " in progress: " + where)));
        say.accept(name + ": " + NightlyJob.describe(result));
        return result;
    }

    @Override
    public void stop() {
        baseRunner.stop();
        currentRunner.stop();
    }
}
