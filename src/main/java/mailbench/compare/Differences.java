package mailbench.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.apache.commons.statistics.descriptive.Median;

/**
 * What else differs between the sides besides the change under test: versions, knobs and machine
 * facts whose set of values differs, and the speed probe when the sides' medians are more than
 * {@link #SPEED_PROBE_TOLERANCE} apart (another host period, another machine).
 */
final class Differences {

    static final double SPEED_PROBE_TOLERANCE = 0.2;
    static final String NOT_RECORDED = "(not recorded)";
    /** What is being compared, and shown as the sides' variants already. */
    /** What is being compared, and where each run was written (every run of a pairs series has its own folder). */
    private static final Set<String> SKIPPED_KNOBS = Set.of("mailbench.variant", "mailbench.reportsDir", "mailbench.gatlingResults");
    /** Compared by its median below: every run's probe differs a little. */
    private static final Set<String> SKIPPED_MACHINE = Set.of("speedProbeMs");

    private Differences() {
    }

    static List<Comparison.Difference> between(List<RunResult> base, List<RunResult> current) {
        List<Comparison.Difference> differences = new ArrayList<>();
        add(differences, "version ", RunResult::versions, Set.of(), base, current);
        add(differences, "knob ", RunResult::knobs, SKIPPED_KNOBS, base, current);
        add(differences, "machine ", RunResult::machine, SKIPPED_MACHINE, base, current);
        double[] baseProbe = probes(base);
        double[] currentProbe = probes(current);
        if (baseProbe.length > 0 && currentProbe.length > 0) {
            double before = Median.withDefaults().evaluate(baseProbe);
            double after = Median.withDefaults().evaluate(currentProbe);
            if (before > 0 && Math.abs(after - before) / before > SPEED_PROBE_TOLERANCE) {
                differences.add(new Comparison.Difference("speed probe ms (median)", Comparer.round(before) + "", Comparer.round(after) + ""));
            }
        }
        return differences;
    }

    private static void add(List<Comparison.Difference> into, String prefix, Function<RunResult, Map<String, String>> field, Set<String> skipped,
                            List<RunResult> base, List<RunResult> current) {
        Set<String> keys = new LinkedHashSet<>();
        base.forEach(run -> keys.addAll(field.apply(run).keySet()));
        current.forEach(run -> keys.addAll(field.apply(run).keySet()));
        keys.removeAll(skipped);
        for (String key : keys) {
            Set<String> before = values(base, field, key);
            Set<String> after = values(current, field, key);
            if (!before.equals(after)) {
                into.add(new Comparison.Difference(prefix + key, String.join(", ", before), String.join(", ", after)));
            }
        }
    }

    private static Set<String> values(List<RunResult> runs, Function<RunResult, Map<String, String>> field, String key) {
        Set<String> values = new TreeSet<>();
        runs.forEach(run -> values.add(Objects.requireNonNullElse(field.apply(run).get(key), NOT_RECORDED)));
        return values;
    }

    private static double[] probes(List<RunResult> runs) {
        return runs.stream().map(RunResult::speedProbeMs).filter(Objects::nonNull).mapToDouble(Long::doubleValue).toArray();
    }
}
