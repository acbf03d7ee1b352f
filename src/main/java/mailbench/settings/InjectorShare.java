package mailbench.settings;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;

import mailbench.knobs.Knobs;
import mailbench.knobs.RateShares;

/**
 * One injector's part of a load that several injectors send together (docs/injectors.adoc): the contract any
 * scheduler satisfies. Every injector gets the same knobs (the total rate, the target, the agreed start, the count);
 * only its index differs, and from it the injector takes its share of the rate and its own folder under the reports
 * folder. A scheduler that can set one environment variable per task can run it: Kubernetes sets
 * {@value #KUBERNETES_INDEX_ENV} itself, Docker Swarm renders its task slot into {@value #INDEX_ENV}.
 */
public record InjectorShare(int index, int count) {

    /** The index when no -D knob gives it: what mailbench's own schedulers set. */
    public static final String INDEX_ENV = Knobs.INJECTOR_INDEX_ENV;
    /** Set by Kubernetes in every pod of an Indexed Job. */
    public static final String KUBERNETES_INDEX_ENV = Knobs.KUBERNETES_INDEX_ENV;
    /** More injectors than this is a typo: 100,000 req/s needs tens of them, not thousands. */
    public static final int MAX_COUNT = 1_000;
    /** An injector that opens its run this long after the agreed start would load alone for as long: refused. */
    public static final Duration MAX_LATE = Duration.ofSeconds(10);
    /** One injector, the default: the whole rate, the reports folder itself, no agreed start needed. */
    public static final InjectorShare ALONE = new InjectorShare(0, 1);

    /**
     * Docker Swarm renders {@code {{.Task.Slot}}} of slot 0 as the node's ID (a global service's tasks have no slot;
     * a replicated job's first task has slot 0): 25 lowercase letters and digits. Read as index 0.
     */
    private static final Pattern SWARM_NODE_ID = Pattern.compile("[a-z0-9]{25}");

    public InjectorShare {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("-D" + Knobs.INJECTOR_COUNT.name() + " must be between 1 and " + MAX_COUNT + ", got " + count);
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("injector index " + index + " is out of range for -D" + Knobs.INJECTOR_COUNT.name() + "="
                + count + ": the indexes are 0 to " + (count - 1) + " (a scheduler's task numbers must start at 0)");
        }
    }

    /** The contract as the knobs and the environment give it; every mistake is refused here, naming the knob. */
    static InjectorShare read(Map<String, String> env, int totalRate, URI target, Instant startAt, Clock clock) {
        int count = Knobs.INJECTOR_COUNT.intValue(1, MAX_COUNT);
        String given = Knobs.INJECTOR_INDEX.value();
        String source = "-D" + Knobs.INJECTOR_INDEX.name();
        for (String name : new String[] {INDEX_ENV, KUBERNETES_INDEX_ENV}) {
            if (given.isEmpty() && env.get(name) != null && !env.get(name).isBlank()) {
                given = env.get(name).strip();
                source = "$" + name;
            }
        }
        if (count == 1 && given.isEmpty()) {
            return ALONE;
        }
        if (given.isEmpty()) {
            throw new IllegalArgumentException("-D" + Knobs.INJECTOR_COUNT.name() + "=" + count + " needs this injector's index, 0 to "
                + (count - 1) + ": -D" + Knobs.INJECTOR_INDEX.name() + ", or $" + INDEX_ENV + " (Kubernetes sets $" + KUBERNETES_INDEX_ENV
                + " in an Indexed Job)");
        }
        InjectorShare share = new InjectorShare(parseIndex(given, source), count);
        if (count > 1) {
            share.check(totalRate, target, startAt, clock);
        }
        return share;
    }

    private static int parseIndex(String value, String source) {
        if (SWARM_NODE_ID.matcher(value).matches()) {
            return 0;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + " must be a whole number from 0 (or Docker Swarm's task slot), got '" + value + "'");
        }
    }

    /** What several injectors need to be one load: one target, a rate each, and one agreed start that has not passed. */
    private void check(int totalRate, URI target, Instant startAt, Clock clock) {
        if (target == null) {
            throw new IllegalArgumentException(count + " injectors need one -D" + Knobs.TARGET.name() + "=<facade URL>: without it each"
                + " would start a local stack of its own and they would load " + count + " different targets");
        }
        if (totalRate < count) {
            throw new IllegalArgumentException("-D" + Knobs.RATE.name() + "=" + totalRate + " is the total rate of all injectors: "
                + count + " injectors need at least 1 req/s each (give a total of " + count + " or more)");
        }
        if (startAt == null) {
            throw new IllegalArgumentException(count + " injectors need one agreed start, -D" + Knobs.START_AT.name()
                + "=<epoch ms or ISO-8601 instant>, the same for all: no injector sends before it, so they load together");
        }
        requireInTime(startAt, clock, "opened its run");
    }

    /**
     * Refuses an injector of several that is more than {@link #MAX_LATE} past the agreed start, when its run opens and
     * again when its load would start: late, it would load alone and the merged run would not be the load asked for.
     */
    public void requireInTime(Instant startAt, Clock clock, String what) {
        if (count == 1 || startAt == null) {
            return;
        }
        Duration late = Duration.between(startAt, clock.instant());
        if (late.compareTo(MAX_LATE) > 0) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "injector %d of %d %s %.1f s after the agreed"
                + " start -D%s=%s (more than %d s): it would load alone; give all injectors a start further ahead than their"
                + " start-up takes (swarm-run --lead-seconds)", index, count, what, late.toMillis() / 1000.0, Knobs.START_AT.name(), startAt,
                MAX_LATE.toSeconds()));
        }
    }

    /** This injector's share of the total rate, by the one rule of {@link RateShares}: the shares add up to the total. */
    public int rate(int totalRate) {
        return new RateShares(totalRate, count).of(index);
    }

    /** Where this injector's run folder goes: the reports folder alone, else its own folder in it, so shared storage never collides. */
    public Path reportsDir(Path reports) {
        return count == 1 ? reports : reports.resolve(folderName(index));
    }

    /** The folder of injector {@code index} under a shared reports folder. */
    public static String folderName(int index) {
        return "injector-" + index;
    }
}
