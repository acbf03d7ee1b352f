package mailbench.trend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import mailbench.changepoint.ChangePoints;
import mailbench.errors.ToolError;
import mailbench.json.Json;

/**
 * Reads the nightly job's history folder (one JSON file per night, see NightlyJob) into a {@link Trend}. A missing or
 * empty folder and a file that is not a night are {@link ToolError}s naming the folder or the file and the fix.
 */
public final class TrendHistory {

    static final String BASELINE_VERDICT = "baseline";
    static final String REGRESSION_VERDICT = "regression";
    static final String BASE_SIDE = "base";

    private TrendHistory() {
    }

    /** The history with change points found by the default settings. */
    public static Trend read(Path history) {
        return read(history, ChangePoints.Settings.DEFAULTS);
    }

    public static Trend read(Path history, ChangePoints.Settings changeSearch) {
        List<Path> files = nightFiles(history);
        List<Night> read = new ArrayList<>();
        for (Path file : files) {
            read.add(night(file));
        }
        read.sort((a, b) -> a.id().compareTo(b.id()));
        List<Trend.Night> nights = new ArrayList<>();
        for (Night night : read) {
            // a night that ran its baseline commit itself: its base runs are the band; an older night: its stored baseline's
            Map<String, List<Double>> baseRuns = night.baseRuns();
            if (baseRuns.values().stream().allMatch(List::isEmpty)) {
                Night baseline = baselineOf(night, read);
                baseRuns = baseline == null ? Map.of() : baseline.runs();
            }
            nights.add(new Trend.Night(night.id(), night.file().getFileName().toString(), night.verdict(), night.baseline(),
                night.canary(), REGRESSION_VERDICT.equals(night.verdict()), night.regressed(), night.runs(), medians(night.runs()),
                bands(baseRuns), night.baseMedian()));
        }
        List<Trend.MetricInfo> recorded = Trend.METRICS.stream()
            .filter(metric -> read.stream().anyMatch(night -> !night.runs().get(metric.key()).isEmpty())).toList();
        return new Trend(history.toAbsolutePath().toString(), recorded, List.copyOf(nights),
            TrendChanges.of(recorded, nights, changeSearch), changeSearch);
    }

    /**
     * A night file as read: {@code runs} holds each charted metric's values, one per run of tonight's code that has it;
     * {@code baseRuns} the same for the night's own runs of its baseline commit (none in a night judged against stored runs);
     * {@code canary}: see {@link #canary} (stored-runs nights name a folder and no tonight's commit: never).
     */
    private record Night(String id, Path file, String verdict, String baseline, boolean canary, List<String> regressed,
                         Map<String, List<Double>> runs, Map<String, List<Double>> baseRuns, Map<String, Double> baseMedian) {
    }

    /** A run of the history file that ran the baseline commit (nights judged against stored runs have no side: tonight's). */
    private static boolean baseSide(JsonNode run) {
        return BASE_SIDE.equals(run.path("side").asText());
    }

    private static List<Path> nightFiles(Path history) {
        String fix = "the nightly job writes one file per night there (mailbench nightly --history " + history
            + "); give the folder it writes with --history";
        if (!Files.isDirectory(history)) {
            throw new ToolError("no history folder " + history.toAbsolutePath() + ": " + fix);
        }
        try (Stream<Path> entries = Files.list(history)) {
            List<Path> files = entries.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
                .sorted().toList();
            if (files.isEmpty()) {
                throw new ToolError("no night in " + history.toAbsolutePath() + " (no .json file): " + fix);
            }
            return files;
        } catch (IOException e) {
            throw new ToolError("cannot list " + history.toAbsolutePath() + ": " + e.getMessage());
        }
    }

    private static Night night(Path file) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw malformed(file, "not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new ToolError("cannot read " + file.toAbsolutePath() + ": " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw malformed(file, "not a JSON object");
        }
        String id = text(root, "night", file);
        String verdict = text(root, "verdict", file);
        JsonNode runs = root.path("runs");
        if (!runs.isArray() || runs.isEmpty()) {
            throw malformed(file, "no runs");
        }
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, List<Double>> baseValues = new LinkedHashMap<>();
        for (Trend.MetricInfo metric : Trend.METRICS) {
            List<Double> perRun = new ArrayList<>();
            List<Double> perBaseRun = new ArrayList<>();
            for (JsonNode run : runs) {
                JsonNode value = run.path(metric.key());
                if (value.isNumber()) {
                    (baseSide(run) ? perBaseRun : perRun).add(value.asDouble());
                } else if (!value.isMissingNode() && !value.isNull()) {
                    throw malformed(file, "a run's " + metric.key() + " is not a number: " + value);
                }
            }
            values.put(metric.key(), List.copyOf(perRun));
            baseValues.put(metric.key(), List.copyOf(perBaseRun));
        }
        List<String> regressed = new ArrayList<>();
        Map<String, Double> baseMedian = new LinkedHashMap<>();
        for (JsonNode metric : root.path("metrics")) {
            String key = metric.path("metric").asText();
            if ("REGRESSION".equals(metric.path("outcome").asText())) {
                regressed.add(key);
            }
            if (metric.path("baseMedian").isNumber()) {
                baseMedian.put(key, metric.path("baseMedian").asDouble());
            }
        }
        String baseline = root.path("baseline").asText("");
        return new Night(id, file, verdict, baseline, canary(root, baseline), List.copyOf(regressed), values, baseValues, baseMedian);
    }

    /** Tonight's commit on both sides and no property of one side only (a calibration's known cost is not identical code). */
    private static boolean canary(JsonNode root, String baseline) {
        return !baseline.isEmpty() && baseline.equals(root.path("current").asText("")) && root.path("baseOnly").isEmpty()
            && root.path("currentOnly").isEmpty();
    }

    private static String text(JsonNode root, String field, Path file) {
        JsonNode node = root.path(field);
        if (!node.isTextual() || node.asText().isBlank()) {
            throw malformed(file, "no \"" + field + "\"");
        }
        return node.asText();
    }

    private static ToolError malformed(Path file, String why) {
        return new ToolError(file.toAbsolutePath() + " is not a night file of the nightly job: " + why
            + "; move it out of the history folder (or restore it from the job's own copy)");
    }

    /**
     * For a night judged against stored runs: the night that made them, the latest baseline night with its path, not after
     * it. The documented rebaseline stored into {@code <folder>.new} and swapped it in, so that suffix names the same folder.
     */
    private static Night baselineOf(Night night, List<Night> all) {
        Night found = null;
        for (Night candidate : all) {
            if (candidate.id().compareTo(night.id()) > 0) {
                break;
            }
            if (BASELINE_VERDICT.equals(candidate.verdict()) && storedAs(candidate.baseline()).equals(storedAs(night.baseline()))) {
                found = candidate;
            }
        }
        return found;
    }

    private static String storedAs(String baselineFolder) {
        return baselineFolder.endsWith(".new") ? baselineFolder.substring(0, baselineFolder.length() - ".new".length()) : baselineFolder;
    }

    static Map<String, Double> medians(Map<String, List<Double>> runs) {
        Map<String, Double> medians = new LinkedHashMap<>();
        runs.forEach((key, values) -> {
            if (!values.isEmpty()) {
                List<Double> sorted = values.stream().sorted().toList();
                int n = sorted.size();
                medians.put(key, n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2);
            }
        });
        return medians;
    }

    private static Map<String, Trend.Band> bands(Map<String, List<Double>> runs) {
        Map<String, Trend.Band> bands = new LinkedHashMap<>();
        runs.forEach((key, values) -> {
            if (!values.isEmpty()) {
                bands.put(key, new Trend.Band(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    values.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
            }
        });
        return bands;
    }
}
