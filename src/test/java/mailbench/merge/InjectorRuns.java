package mailbench.merge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import mailbench.json.Json;
import mailbench.knobs.Knobs;
import mailbench.settings.BenchConfig;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;
import mailbench.summary.RunSummaryBuilder;
import mailbench.summary.SimulationLog;

/**
 * Run folders for the merge tests, written the way a run writes them: summary.json and
 * latency.hlog from one RunSummaryBuilder fed with request records, beside a run.json.
 */
final class InjectorRuns {

    static final String[] NAMES = {"Search by text", "Search by sender", "Search by date range", "Get message by id"};

    /** One request as Gatling logs it. */
    record Request(String name, long start, long end, boolean ok) {
    }

    private InjectorRuns() {
    }

    /** {@code count} requests at {@code rate} req/s from {@code startMillis}, log-normal response times (a long tail), about 2% KO. */
    static List<Request> load(long seed, long startMillis, int rate, int count) {
        Random random = new Random(seed);
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long start = startMillis + i * 1000L / rate;
            long millis = Math.round(Math.exp(Math.log(15) + 1.1 * random.nextGaussian()));
            requests.add(new Request(NAMES[random.nextInt(NAMES.length)], start, start + millis, random.nextDouble() >= 0.02));
        }
        return requests;
    }

    /** A run folder holding these requests (plus some warm-up); returns it. */
    static Path write(Path folder, String host, String variant, String target, int rate, List<Request> requests) throws IOException {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        long first = requests.get(0).start();
        builder.accept(SimulationLog.WARM_UP_PREFIX + NAMES[0], first - 5_000, first - 4_990, true, null);
        builder.accept(SimulationLog.WARM_UP_PREFIX + NAMES[1], first - 4_000, first - 3_000, false, "timeout");
        requests.forEach(r -> builder.accept(r.name(), r.start(), r.end(), r.ok(), r.ok() ? null : "503"));
        RunSummary summary = builder.build(true);
        Files.createDirectories(folder);
        Json.MAPPER.writeValue(folder.resolve("summary.json").toFile(), summary);
        LatencyLog.write(folder.resolve(LatencyLog.FILE), builder.latencies().orElseThrow());

        RunRecord record = new RunRecord();
        record.runId = "20261122-080000-SearchSimulation-" + variant;
        record.simulation = "SearchSimulation";
        record.variant = variant;
        record.path = "facade";
        record.target = target;
        record.status = "completed";
        record.start = Instant.ofEpochMilli(first - 10_000);
        record.end = Instant.ofEpochMilli(requests.get(requests.size() - 1).end() + 1_000);
        record.knobs.put(Knobs.RATE.name(), "" + rate);
        record.knobs.put(Knobs.DURATION.name(), "60");
        record.machine.put("host", host);
        record.machine.put("speedProbeMs", 500);
        Json.MAPPER.writeValue(folder.resolve("run.json").toFile(), record);
        return folder;
    }

    /** The summary a single run of all these requests would have: the reference a merge must reproduce. */
    static RunSummary summaryOf(List<Request> requests) {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        requests.forEach(r -> builder.accept(r.name(), r.start(), r.end(), r.ok(), null));
        return builder.build(true);
    }
}
