package mailbench.settings;

import static mailbench.settings.KnobReaders.knob;
import static mailbench.settings.KnobReaders.requireGatlingJit;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

import mailbench.access.OpenSearchUrls;
import mailbench.knobs.Knobs;

/**
 * A load run's settings: the knobs of {@link Knobs}, read once from -D system properties (the only place that reads
 * them), one record per concern, each reading its own knobs with their bounds. A bad value fails the run before
 * anything starts, naming the property and what it accepts.
 */
public record BenchConfig(
    LoadSettings load,
    PassCriteria pass,
    TargetSettings target,
    FacadeSettings facade,
    NodeSettings node,
    ProfilerSettings profiler,
    WorkloadSettings workloads,
    OutputSettings output) {

    public static BenchConfig fromSystemProperties() {
        return fromSystemProperties(Map.of());
    }

    /**
     * With a simulation's own defaults for some knobs ({@code knob name -> default}): a -D value still wins, and
     * run.json records the effective value ({@link #knobValues(Map)}).
     */
    public static BenchConfig fromSystemProperties(Map<String, String> defaults) {
        for (String name : defaults.keySet()) {
            if (Knobs.KNOBS.stream().noneMatch(knob -> knob.name().equals(name))) {
                throw new IllegalArgumentException("no knob " + name + " to give a default to");
            }
        }
        requireGatlingJit(ManagementFactory.getRuntimeMXBean().getInputArguments());
        RequestPath path = RequestPath.of(Knobs.PATH.value());
        TargetSettings target = TargetSettings.read(path);
        LoadSettings load = LoadSettings.read(defaults, path, target.url());
        // locally the variant decides how the facade is started; a remote facade is what it is, the variant only labels it
        Variant local = target.local() ? Variant.named(load.variant()) : null;
        return new BenchConfig(load, PassCriteria.read(defaults), target, FacadeSettings.read(local), NodeSettings.read(target.local()),
            ProfilerSettings.read(), WorkloadSettings.read(target.index()), OutputSettings.read(load.injector()));
    }

    public boolean local() {
        return target.local();
    }

    /** The effective value of every knob, for run.json. */
    public static Map<String, String> knobValues() {
        return knobValues(Map.of());
    }

    /** The effective value of every knob with a simulation's own defaults, for run.json. */
    public static Map<String, String> knobValues(Map<String, String> defaults) {
        Map<String, String> values = new LinkedHashMap<>();
        // URLs with credentials are refused before a run starts; masked here too, so none can reach run.json
        Knobs.KNOBS.forEach(knob -> values.put(knob.name(), OpenSearchUrls.mask(knob(defaults, knob).value())));
        return values;
    }
}
