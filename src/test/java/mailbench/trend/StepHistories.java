package mailbench.trend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import mailbench.json.Json;
import mailbench.nightly.NightlyHistories;

/**
 * Long made-up histories for the change points: night files with the fields the trend reads from what the nightly job
 * writes (night, verdict, both commits, tonight's runs), one night a day. Each night's level moves 2% (the host's drift
 * from night to night), each of its runs 1% around it; req/s near 1000 and CPU near 0.5 ms a request.
 */
public final class StepHistories {

    private static final String BASELINE = "1".repeat(40);
    private static final String TONIGHT = "2".repeat(40);

    /** A step of {@code percent} in {@code metric} from night {@code at} on (0-based); {@code canaries}: nights of identical code. */
    public record Step(String metric, int at, double percent, Set<Integer> canaries) {
    }

    private StepHistories() {
    }

    /** {@code nights} night files into {@code dir}/history; returns that folder. */
    public static Path write(Path dir, long seed, int nights, Step step) throws IOException {
        Random random = new Random(seed);
        Path history = Files.createDirectories(dir.resolve("history"));
        for (int index = 0; index < nights; index++) {
            String id = LocalDate.of(2026, 1, 1).plusDays(index).toString().replace("-", "") + "-020000";
            Map<String, Object> night = new LinkedHashMap<>();
            night.put("night", id);
            night.put("verdict", "no regression");
            night.put("baseline", step.canaries().contains(index) ? TONIGHT : BASELINE);
            night.put("current", TONIGHT);
            night.put("runs", runs(level(index, step, random), random));
            Json.MAPPER.writeValue(history.resolve(id + ".json").toFile(), night);
        }
        return history;
    }

    /** Each metric's level on night {@code index}. */
    private static Map<String, Double> level(int index, Step step, Random random) {
        Map<String, Double> level = new LinkedHashMap<>();
        level.put("rps", 1000.0);
        level.put("processCpuMsPerRequest", 0.5);
        level.replaceAll((metric, value) -> value * (1 + 0.02 * random.nextGaussian())
            * (metric.equals(step.metric()) && index >= step.at() ? 1 + step.percent() / 100 : 1));
        return level;
    }

    private static List<Map<String, Object>> runs(Map<String, Double> level, Random random) {
        List<Map<String, Object>> runs = new ArrayList<>();
        for (int run = 0; run < NightlyHistories.RUNS; run++) {
            Map<String, Object> values = new LinkedHashMap<>();
            values.put("side", "current");
            level.forEach((metric, value) -> values.put(metric, value * (1 + 0.01 * random.nextGaussian())));
            runs.add(values);
        }
        return runs;
    }
}
