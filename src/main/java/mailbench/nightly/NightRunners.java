package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import mailbench.compare.ToolError;
import mailbench.run.Knobs;

/**
 * The runner of a night's counted pairs, made for its design: for a duet, after the fit pairs ({@link HostFit}) at the
 * rate and warm-up they chose; for interleaved runs, on the night's node when it has one. Every pair it makes is read for
 * the host's headroom and judged by the night's {@link PairRule} ({@link #check}).
 */
final class NightRunners {

    private final String maven;
    private final Side base;
    private final Side current;
    private final NightNode node;
    private final Path night;
    private final NightlyJob.Settings settings;
    private final Map<String, String> properties;
    private final Consumer<String> say;
    /** The runner making pairs right now, for the night's stop hook. */
    private final AtomicReference<TrialRunner> running = new AtomicReference<>();
    private HostFit.Outcome fit;

    NightRunners(String maven, Side base, Side current, NightNode node, Path night, NightlyJob.Settings settings,
                 Map<String, String> properties, Consumer<String> say) {
        this.maven = maven;
        this.base = base;
        this.current = current;
        this.node = node;
        this.night = night;
        this.settings = settings;
        this.properties = properties;
        this.say = say;
    }

    /** The counted pairs' runner; a duet's fit pairs run first, here. */
    TrialRunner counted(long startedNanos) throws InterruptedException, IOException {
        TrialRunner runner;
        if (settings.design() == NightlyJob.Design.DUET && settings.fitPairs() > 0) {
            fit = new HostFit(settings.pairRule(), settings.fitPairs(), say).fit(startTuning(), (index, tuning) -> {
                Path fits = night.resolve(NightlyJob.FIT_FOLDER);
                TrialRunner fitRunner = duet(tuning, fits, "fit");
                running.set(fitRunner);
                return check(fitRunner.run(index, index % 2 == 1), fits);
            });
            warnWhenPastBudget(startedNanos);
            runner = duet(fit.tuning(), night, settings.plan().pairs());
        } else if (settings.design() == NightlyJob.Design.DUET) {
            runner = duet(startTuning(), night, settings.plan().pairs());
        } else {
            Map<String, String> shared = node == null ? Map.of() : Map.of(Knobs.STACK_OPENSEARCH.name(), node.url().toString());
            runner = new InterleavedRunner(maven, base.with(shared), current.with(shared), night, settings.plan().pairs(), say);
        }
        running.set(runner);
        return runner;
    }

    /** The fit pairs and what they chose; null when none ran. */
    HostFit.Outcome fit() {
        return fit;
    }

    /** Stops the pairs in progress (the night's shutdown hook). */
    void stop() {
        TrialRunner runner = running.get();
        if (runner != null) {
            runner.stop();
        }
    }

    /** The pair with its sides' headroom, read from their run folders under {@code folder}, and the rule's judgement. */
    Trial check(Trial trial, Path folder) {
        return trial.checked(Headroom.of(folder.resolve(Side.BASE).resolve(trial.base().name()), trial.base()),
            Headroom.of(folder.resolve(Side.CURRENT).resolve(trial.current().name()), trial.current()), settings.pairRule());
    }

    /** The first --min-pairs run whatever the budget: say so when the chosen warm-up makes them outlast it. */
    private void warnWhenPastBudget(long startedNanos) {
        Duration pair = fit.pairEstimate();
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startedNanos);
        Duration needed = elapsed.plus(pair.multipliedBy(settings.plan().minPairs()));
        if (needed.compareTo(settings.plan().budget()) > 0) {
            say.accept(String.format(java.util.Locale.ROOT, "the %d pairs --min-pairs asks for take about %.0f min more (a pair about"
                + " %.1f min at this warm-up): the night will end about %d min after its start, past --max-minutes %d",
                settings.plan().minPairs(), pair.multipliedBy(settings.plan().minPairs()).toSeconds() / 60.0, pair.toSeconds() / 60.0,
                needed.toMinutes(), settings.plan().budget().toMinutes()));
        }
    }

    /** The duet's rate and warm-up before the fit: the operator's, if named, else the defaults. */
    private HostFit.Tuning startTuning() {
        int rate = wholeNumber(Knobs.RATE.name(), properties.getOrDefault(Knobs.RATE.name(), Knobs.RATE.defaultValue()));
        int warmup = wholeNumber(Knobs.WARMUP.name(), properties.getOrDefault(Knobs.WARMUP.name(),
            Integer.toString(NightlyJob.SHARED_NODE_WARMUP_SECONDS)));
        return new HostFit.Tuning(rate, warmup, properties.containsKey(Knobs.RATE.name()), properties.containsKey(Knobs.WARMUP.name()));
    }

    private static int wholeNumber(String knob, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ToolError("-D" + knob + " must be a whole number, got '" + value + "'");
        }
    }

    private TrialRunner duet(HostFit.Tuning tuning, Path folder, String pairs) {
        Map<String, String> warmup = Map.of(Knobs.WARMUP.name(), Integer.toString(tuning.warmupSeconds()));
        return new DuetRunner(maven, base.with(warmup), current.with(warmup), node.url(), tuning.rate(), folder, pairs, say);
    }
}
