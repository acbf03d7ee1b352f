package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import mailbench.errors.ToolError;
import mailbench.host.HostSpeed;
import mailbench.knobs.Knobs;

/**
 * The runner of a comparison's counted pairs, made for its design: for a duet, after the fit pairs ({@link HostFit}) at the
 * rate and warm-up they chose, or at those of an earlier comparison's fit; for interleaved runs, on the shared node when
 * there is one. Every pair it makes is read for the host's headroom and judged by the {@link PairRule} ({@link #check}).
 * The fit's last pair, when it ran with the chosen tuning and counts, is the comparison's first ({@link #carried}).
 */
final class NightRunners {

    private final String maven;
    private final Side base;
    private final Side current;
    private final NightNode node;
    private final Path folder;
    private final PairBench.Settings settings;
    private final TrialPlan.Settings plan;
    private final Map<String, String> properties;
    private final DuetTiming.Lead lead;
    private final HostSpeed.Reading host;
    private final Consumer<String> say;
    /** The runner making pairs right now, for the stop hook. */
    private final AtomicReference<TrialRunner> running = new AtomicReference<>();
    private HostFit.Outcome fit;
    private Trial carried;
    /** What each duet side's properties get for its spacing, settled at the first duet (DuetArrivals). */
    private Map<String, String> arrivals;

    /**
     * {@code fitted}: an earlier comparison's fit, whose tuning a duet keeps (null: fit now, if the settings ask for fit
     * pairs); {@code lead}: the bench's time for a duet's sides to get ready, shared by every runner made here; {@code host}:
     * its cores and speed, read before the node started (null: the duet starts at the default rate).
     */
    NightRunners(String maven, Side base, Side current, NightNode node, Path folder, PairBench.Settings settings,
                 TrialPlan.Settings plan, Map<String, String> properties, HostFit.Outcome fitted, DuetTiming.Lead lead,
                 HostSpeed.Reading host, Consumer<String> say) {
        this.maven = maven;
        this.base = base;
        this.current = current;
        this.node = node;
        this.folder = folder;
        this.settings = settings;
        this.plan = plan;
        this.properties = properties;
        this.fit = fitted;
        this.lead = lead;
        this.host = host;
        this.say = say;
    }

    /** The counted pairs' runner; a duet's fit pairs run first, here, unless an earlier fit is kept. */
    TrialRunner counted(long startedNanos) throws InterruptedException, IOException {
        TrialRunner runner;
        boolean duet = settings.design() == NightlyJob.Design.DUET;
        if (duet && fit == null && settings.fitPairs() > 0) {
            fit = new HostFit(settings.pairRule(), settings.fitPairs(), say).fit(startTuning(), askedRate(), (index, tuning) -> {
                Path fits = folder.resolve(NightlyJob.FIT_FOLDER);
                TrialRunner fitRunner = duet(tuning, fits, "fit");
                running.set(fitRunner);
                return check(fitRunner.run(index, index % 2 == 1), fits);
            });
            fit = fit.on(host);
            carried = carry(fit.countable(), folder.resolve(NightlyJob.FIT_FOLDER), folder);
            warnWhenPastBudget(startedNanos);
            runner = duet(fit.tuning(), folder, plan.pairs());
        } else if (duet) {
            runner = duet(fit == null ? startTuning() : fit.tuning(), folder, plan.pairs());
        } else {
            Map<String, String> shared = node == null ? Map.of() : Map.of(Knobs.STACK_OPENSEARCH.name(), node.url().toString());
            runner = new InterleavedRunner(maven, base.with(shared), current.with(shared), folder, plan.pairs(), say);
        }
        running.set(runner);
        return runner;
    }

    /** The fit pairs and what they chose; null when none ran. */
    HostFit.Outcome fit() {
        return fit;
    }

    /** The pairs made before the counted ones that count: the last fit pair of this comparison's fit, when it counts. */
    List<Trial> carried() {
        return carried == null ? List.of() : List.of(carried);
    }

    /** The fit pair as the comparison's pair 1, its two run folders moved from {@code fits} beside the counted pairs'. */
    private static Trial carry(Trial trial, Path fits, Path folder) throws IOException {
        if (trial == null) {
            return null;
        }
        for (String side : List.of(Side.BASE, Side.CURRENT)) {
            String name = (Side.BASE.equals(side) ? trial.base() : trial.current()).name();
            Files.createDirectories(folder.resolve(side));
            Files.move(fits.resolve(side).resolve(name), folder.resolve(side).resolve(name));
        }
        return new Trial(1, trial.baseFirst(), trial.base(), trial.current(), trial.took(), trial.baseRoom(), trial.currentRoom(),
            null);
    }

    /** Stops the pairs in progress (the bench's stop hook). */
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
        Duration needed = elapsed.plus(pair.multipliedBy(plan.minPairs()));
        if (needed.compareTo(plan.budget()) > 0) {
            say.accept(String.format(java.util.Locale.ROOT, "the %d pairs --min-pairs asks for take about %.0f min more (a pair about"
                + " %.1f min at this warm-up): the night will end about %d min after its start, past --max-minutes %d",
                plan.minPairs(), pair.multipliedBy(plan.minPairs()).toSeconds() / 60.0, pair.toSeconds() / 60.0,
                needed.toMinutes(), plan.budget().toMinutes()));
        }
    }

    /** The rate the operator named, else the default: what the fit never goes above. */
    private int askedRate() {
        return wholeNumber(Knobs.RATE.name(), properties.getOrDefault(Knobs.RATE.name(), Knobs.RATE.defaultValue()));
    }

    /**
     * The duet's rate, warm-up, measured phase and facades' JIT before the fit: the operator's, if named; else the default
     * rate scaled to the host, the default warm-up and measured minute and the JVM's default JIT; on a host too small for
     * C2 to finish, C1 only and short pairs ({@link HostFit#SMALL_HOST_WARMUP_SECONDS}).
     */
    private HostFit.Tuning startTuning() {
        boolean rateNamed = properties.containsKey(Knobs.RATE.name());
        int rate = askedRate();
        if (!rateNamed && host != null) {
            int scaled = HostFit.startRate(rate, host);
            if (scaled != rate) {
                say.accept(String.format(java.util.Locale.ROOT, "this host has %.2f cores and a probe of %d ms (the default rate's"
                    + " host: %.0f cores, %.0f ms): the fit starts at %d req/s", host.cores(), host.probeMillis(), HostFit.REFERENCE_CORES,
                    HostFit.REFERENCE_PROBE_MS, scaled));
            }
            rate = scaled;
        }
        int warmup = wholeNumber(Knobs.WARMUP.name(), properties.getOrDefault(Knobs.WARMUP.name(),
            Integer.toString(HostFit.startWarmupSeconds(host, NightlyJob.SHARED_NODE_WARMUP_SECONDS))));
        int measured = wholeNumber(Knobs.DURATION.name(), properties.getOrDefault(Knobs.DURATION.name(),
            Integer.toString(HostFit.startMeasuredSeconds(host))));
        boolean jitNamed = FacadeJit.named(base.properties()) || FacadeJit.named(current.properties());
        FacadeJit jit = jitNamed || host == null ? FacadeJit.TIERED : HostFit.startJit(host);
        if (host != null && HostFit.small(host)) {
            say.accept(String.format(java.util.Locale.ROOT, "a host of %.2f of the reference host's cores (under %.1f): the facades"
                + " start with %s; each pair warms up %d s and measures %d s", HostFit.referenceCores(host), HostFit.SMALL_HOST_CORES,
                jitNamed ? "the JIT named" : jit.describe(), warmup, measured));
        }
        return new HostFit.Tuning(rate, warmup, rateNamed, properties.containsKey(Knobs.WARMUP.name()), jit, jitNamed, measured);
    }

    private static int wholeNumber(String knob, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ToolError("-D" + knob + " must be a whole number, got '" + value + "'");
        }
    }

    private TrialRunner duet(HostFit.Tuning tuning, Path folder, String pairs) {
        Map<String, String> warmup = Map.of(Knobs.WARMUP.name(), Integer.toString(tuning.warmupSeconds()),
            Knobs.DURATION.name(), Integer.toString(tuning.measuredSeconds()));
        if (arrivals == null) {
            arrivals = DuetArrivals.added(base, current, say);
        }
        Side tunedBase = base.with(warmup).with(tuning.jit().added(base.properties())).with(arrivals);
        Side tunedCurrent = current.with(warmup).with(tuning.jit().added(current.properties())).with(arrivals);
        return new DuetRunner(maven, tunedBase, tunedCurrent, node.url(), tuning.rate(), folder, pairs, lead, say);
    }
}
