package mailbench.nightly;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import mailbench.compare.RunResult;
import mailbench.errors.ToolError;
import mailbench.knobs.Knobs;
import mailbench.knobs.RateShares;

/**
 * Pairs made at once: both sides' {@code mvn gatling:test} start together, each starts its own facade (its side's
 * build) against one node that runs all night with the corpus loaded, and both load at half the rate from the same
 * agreed second ({@code -Dmailbench.startAt}). Whatever the host does in that minute, it does to both (duet
 * benchmarking, Bulej et al., ICPE 2020). Each pair has fresh facade JVMs, so the JVMs' own luck is a pair's noise, not
 * a side's bias. Fits changes of the client and the facade; a server change needs {@link InterleavedRunner}.
 */
final class DuetRunner implements TrialRunner {

    static final String DESIGN = "duet";

    /** The first pair's time to get both sides ready (Maven, facade, sidecar, search warm-up); later pairs learn it. */
    static final Duration FIRST_LEAD = Duration.ofSeconds(120);
    /**
     * Added to what the slower side took: on a small host the sides' time to get ready varied by a few seconds from pair
     * to pair in one night (Maven 28-32 s, the stack 47-51 s) and by 20 s in another, where 15 s would not have saved the
     * one late pair either; a side up to 3 s late still shares 95% of a measured minute.
     */
    static final Duration LEAD_MARGIN = Duration.ofSeconds(10);

    private final String maven;
    private final Side base;
    private final Side current;
    private final Path folder;
    private final String pairs;
    private final Consumer<String> say;
    private final ExecutorService sides = Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "duet-side");
        thread.setDaemon(true);
        return thread;
    });
    private volatile List<GatlingRunner> running = List.of();
    private final DuetTiming.Lead lead;

    /** {@code node}: the shared node's URL; {@code rate}: the whole load, each side gets half; {@code lead}: the bench's. */
    DuetRunner(String maven, Side base, Side current, URI node, int rate, Path folder, String pairs, DuetTiming.Lead lead,
               Consumer<String> say) {
        Map<String, String> shared = Map.of(Knobs.STACK_OPENSEARCH.name(), node.toString(), Knobs.RATE.name(),
            Integer.toString(sides(rate).of(0)));
        this.maven = maven;
        this.base = base.with(shared);
        this.current = current.with(shared);
        this.folder = folder;
        this.pairs = pairs;
        this.lead = lead;
        this.say = say;
    }

    /**
     * The two sides' shares of a duet's whole rate, by the rule injectors share a rate by ({@link RateShares}); the sides
     * must be equal, since each side's CPU per request is judged against the other's.
     */
    static RateShares sides(int rate) {
        RateShares sides;
        try {
            sides = new RateShares(rate, 2);
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage() + ": a duet's two sides get half each");
        }
        if (!sides.equal()) {
            throw new ToolError("-D" + Knobs.RATE.name() + "=" + rate + " is a duet's whole rate, shared by its two sides equally: give an"
                + " even rate (" + (rate - 1) + " or " + (rate + 1) + ")");
        }
        return sides;
    }

    /** Refuses, before anything is built, a named rate a duet cannot share equally. */
    static void requireSharedRate(Map<String, String> properties) {
        String named = properties.get(Knobs.RATE.name());
        if (named != null && named.strip().matches("\\d{1,9}")) {
            sides(Integer.parseInt(named.strip()));
        }
    }

    @Override
    public String design() {
        return DESIGN;
    }

    @Override
    public Trial run(int index, boolean baseFirst) throws InterruptedException, IOException {
        long started = System.nanoTime();
        Duration given = lead.get();
        Instant startAt = Instant.now().plus(given);
        Map<String, String> agreed = Map.of(Knobs.START_AT.name(), Long.toString(startAt.toEpochMilli()));
        Side first = baseFirst ? base.with(agreed) : current.with(agreed);
        Side second = baseFirst ? current.with(agreed) : base.with(agreed);
        GatlingRunner firstRunner = new GatlingRunner(maven, first.projectDir(), first.properties());
        GatlingRunner secondRunner = new GatlingRunner(maven, second.projectDir(), second.properties());
        running = List.of(firstRunner, secondRunner);
        String name = "pair " + index + "/" + pairs;
        say.accept(name + ": both sides at once, " + first.label() + " started first, load from " + startAt + " (in "
            + given.toSeconds() + " s)");
        Future<RunResult> firstRun = sides.submit(() -> InterleavedRunner.runSide(firstRunner, first, folder, name, index, say));
        Future<RunResult> secondRun = sides.submit(() -> InterleavedRunner.runSide(secondRunner, second, folder, name, index, say));
        RunResult firstResult;
        RunResult secondResult;
        try {
            firstResult = await(firstRun, secondRunner);
            secondResult = await(secondRun, firstRunner);
        } finally {
            running = List.of();
        }
        RunResult baseResult = baseFirst ? firstResult : secondResult;
        RunResult currentResult = baseFirst ? secondResult : firstResult;
        List<DuetTiming.Side> timings = List.of(DuetTiming.read(folder.resolve(Side.BASE).resolve(baseResult.name()), startAt),
            DuetTiming.read(folder.resolve(Side.CURRENT).resolve(currentResult.name()), startAt));
        lead.learn(timings, LEAD_MARGIN);
        String apart = DuetTiming.whyApart(timings.get(0), timings.get(1));
        if (apart != null) {
            say.accept(name + ": " + apart + "; the next pair's sides get " + lead.get().toSeconds() + " s");
        }
        return new Trial(index, baseFirst, baseResult, currentResult, Duration.ofNanos(System.nanoTime() - started), apart);
    }

    /** The side's run; when it fails, the other side is stopped (half a pair is no pair) and the failure is passed on. */
    private static RunResult await(Future<RunResult> run, GatlingRunner other) throws InterruptedException {
        try {
            return run.get();
        } catch (ExecutionException e) {
            other.stop();
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            throw new ToolError("a side of the duet failed: " + e.getCause());
        } catch (InterruptedException e) {
            other.stop();
            throw e;
        }
    }

    @Override
    public void stop() {
        running.forEach(GatlingRunner::stop);
    }
}
