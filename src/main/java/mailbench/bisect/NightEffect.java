package mailbench.bisect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.commons.statistics.descriptive.StandardDeviation;

import mailbench.compare.Metric;
import mailbench.compare.MetricVerdict;
import mailbench.compare.PairedVerdict;
import mailbench.errors.ToolError;
import mailbench.json.Json;
import mailbench.nightly.NightlyJob;
import mailbench.nightly.Side;

/**
 * What a bisection looks for: the night's change of one metric in its worse direction (the Hodges-Lehmann estimate of
 * the night's pair changes, percent or points) and how those changes spread (their standard deviation), read from a
 * night's record or its comparison, or given.
 */
public record NightEffect(Metric metric, double effect, double spread, String source) {

    public NightEffect {
        if (!(effect > 0) || !Double.isFinite(effect)) {
            throw new ToolError(String.format(Locale.ROOT, "the change of %s to bisect is %.2f%s (%s): not worse, nothing to bisect;"
                + " bisect a night that found a regression, or give the change as a positive --effect", metric.key(), effect,
                unit(metric), source));
        }
        if (!(spread > 0) || !Double.isFinite(spread)) {
            throw new ToolError(String.format(Locale.ROOT, "the spread of the pair changes of %s is %.2f%s (%s): give it as a positive"
                + " --spread, the standard deviation of a night's pair changes", metric.key(), spread, unit(metric), source));
        }
    }

    /** "%" or " points". */
    public String unit() {
        return unit(metric);
    }

    private static String unit(Metric metric) {
        return metric.absolute() ? " points" : "%";
    }

    /** From the pairs' values of each side, pair by pair. */
    public static NightEffect of(Metric metric, List<Double> base, List<Double> current, String source) {
        return ofChanges(metric, base.size() == current.size() ? PairedVerdict.changes(metric, base, current) : null, source);
    }

    /** From the pairs' changes in the worse direction (null: none could be read). */
    public static NightEffect ofChanges(Metric metric, List<Double> changes, String source) {
        if (changes == null || changes.size() < 2) {
            throw new ToolError("no change of " + metric.key() + " to bisect in " + source + ": it needs both sides' values in two pairs"
                + " at least, and no base value of 0; choose another --metric, or give --effect and --spread");
        }
        double sd = StandardDeviation.of(changes.stream().mapToDouble(Double::doubleValue).toArray()).getAsDouble();
        return new NightEffect(metric, PairedVerdict.hodgesLehmann(changes), sd, source);
    }

    /** From the night's first metric judged a regression, in the order of {@link Metric}. */
    public static NightEffect ofRegression(List<MetricVerdict> verdicts, String source) {
        MetricVerdict regressed = verdicts.stream().filter(v -> v.outcome() == MetricVerdict.Outcome.REGRESSION).findFirst()
            .orElseThrow(() -> new ToolError("no metric of " + source + " is a regression: nothing to bisect"));
        return of(metric(regressed.metric()), regressed.base(), regressed.current(), source);
    }

    /** From a night's folder: its night.json's counted pairs, each side's value of {@code metric}. */
    public static NightEffect ofNight(Path night, Metric metric) {
        Map<Integer, Double> base = new TreeMap<>();
        Map<Integer, Double> current = new TreeMap<>();
        for (JsonNode run : record(night).path("runs")) {
            JsonNode value = run.path(metric.key());
            if (value.isNumber()) {
                (Side.BASE.equals(run.path("side").asText()) ? base : current).put(run.path("pair").asInt(), value.asDouble());
            }
        }
        base.keySet().retainAll(current.keySet());
        List<Double> currentValues = new ArrayList<>();
        base.keySet().forEach(pair -> currentValues.add(current.get(pair)));
        return of(metric, List.copyOf(base.values()), currentValues, night.resolve(NightlyJob.NIGHT_JSON).toString());
    }

    /** The baseline commit the night in {@code night} was judged against. */
    public static String baselineOf(Path night) {
        String baseline = record(night).path("baseline").asText("");
        if (baseline.isBlank()) {
            throw new ToolError(night.resolve(NightlyJob.NIGHT_JSON) + " names no baseline commit: give --baseline-commit");
        }
        return baseline;
    }

    private static JsonNode record(Path night) {
        Path file = night.resolve(NightlyJob.NIGHT_JSON);
        if (!Files.isRegularFile(file)) {
            throw new ToolError("no " + NightlyJob.NIGHT_JSON + " in " + night + ": give --night the folder of a night"
                + " (reports/nightly/<yyyyMMdd-HHmmss>), or the change as --effect and --spread");
        }
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new ToolError("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The metric named by its key (processCpuMsPerRequest, ...). */
    public static Metric metric(String key) {
        return Arrays.stream(Metric.values()).filter(metric -> metric.key().equals(key)).findFirst()
            .orElseThrow(() -> new ToolError("--metric must be one of " + Arrays.stream(Metric.values()).map(Metric::key).toList()
                + ", got '" + key + "'"));
    }
}
