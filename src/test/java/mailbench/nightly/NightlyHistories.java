package mailbench.nightly;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.node.ObjectNode;

import mailbench.compare.DefaultThresholds;
import mailbench.json.Json;
import mailbench.knobs.Knobs;
import mailbench.settings.BenchConfig;
import mailbench.runfolder.LatencyLog;
import mailbench.runfolder.ProfileSection;
import mailbench.runfolder.RunRecord;
import mailbench.runfolder.RunSummary;
import mailbench.summary.RunSummaryBuilder;
import mailbench.summary.SimulationLog;

/**
 * Nightly histories made by the nightly job itself: {@link NightlyJob} runs, in a temporary git repository, a Maven that
 * instead of a load moves in a run folder written the way a run writes it (summary.json from a RunSummaryBuilder fed
 * with request records, a captured profile section, run.json from a RunRecord), one queue per side: the baseline
 * commit's clone and tonight's checkout. So the history files, their verdicts and comparisons are the product's own, and
 * only the load is made up: seeded response times around a median, a given rate and CPU cost.
 */
public final class NightlyHistories {

    static final String[] NAMES = {"Search by text", "Search by sender", "Search by date range", "Get message by id"};
    private static final int SECONDS = 10;
    /** Pairs a night: with 5 the signed-rank test can reach p = 1/32, clear of the 0.05 threshold. */
    public static final int RUNS = 5;

    /** One made-up run: requests per second, median response time, facade CPU ms per request. */
    public record Load(int rate, double medianMs, double cpuMs) {
    }

    /** One night: the load of its baseline commit's runs, and of tonight's. */
    public record Night(Load baseline, Load tonight) {
    }

    private NightlyHistories() {
    }

    /**
     * {@code nights.size()} nights of {@value #RUNS} pairs each, every one judging {@code nights.get(i)} against the
     * {@code baseline} load of the same commit, into {@code dir}/history. Returns the history folder; the nights' folders
     * are under {@code dir}/nightly.
     */
    public static Path write(Path dir, long seed, Load baseline, List<Load> nights) throws Exception {
        return write(dir, seed, nights.stream().map(tonight -> new Night(baseline, tonight)).toList(), 0);
    }

    /** As above, night by night; from night {@code rebaselineAt} on (1-based; 0: never) the baseline is the newer commit. */
    public static Path write(Path dir, long seed, List<Night> nights, int rebaselineAt) throws Exception {
        Random random = new Random(seed);
        Path history = dir.resolve("history");
        Path project = Files.createDirectories(dir.resolve("checkout"));
        List<String> commits = repository(project);
        Path queues = Files.createDirectories(dir.resolve("queue"));
        String maven = fakeMaven(dir, queues);
        String last = null;
        for (int index = 1; index <= nights.size(); index++) {
            Night night = nights.get(index - 1);
            String baselineCommit = rebaselineAt > 0 && index >= rebaselineAt ? commits.get(1) : commits.get(0);
            for (int run = 1; run <= RUNS; run++) {
                String name = String.format("20261101-02%02d%02d-SearchSimulation-default", index, run);
                writeRun(queues.resolve(baselineCommit).resolve(name), "bench-1", night.baseline(), random);
                writeRun(queues.resolve(project.getFileName().toString()).resolve(name), "bench-1", night.tonight(), random);
            }
            waitForANewSecond(last);
            NightlyJob.Settings settings = NightlyJob.Settings.of(baselineCommit, NightlyJob.Design.INTERLEAVED, false, RUNS, RUNS, 60,
                TrialOrder.RANDOM, seed, dir.resolve("nightly"), history, dir.resolve("builds"), null, DefaultThresholds.VALUES, null);
            last = new NightlyJob(settings, maven, project, Map.of(), new PrintStream(OutputStream.nullOutputStream())).run()
                .night().getFileName().toString();
        }
        return history;
    }

    /** A git repository of two commits in {@code project}, with the pom.xml a checkout needs; their ids, oldest first. */
    private static List<String> repository(Path project) throws IOException, InterruptedException {
        git(project, "init", "-q");
        Files.writeString(project.resolve("pom.xml"), "<project/>");
        git(project, "add", "pom.xml");
        git(project, "-c", "user.name=night", "-c", "user.email=night@example.com", "commit", "-q", "-m", "baseline");
        String first = git(project, "rev-parse", "HEAD");
        git(project, "-c", "user.name=night", "-c", "user.email=night@example.com", "commit", "-q", "--allow-empty", "-m", "newer");
        return List.of(first, git(project, "rev-parse", "HEAD"));
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes()).strip();
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    /** A run folder as a run of {@code load} writes it: {@value #SECONDS} s measured at the rate, after a little warm-up. */
    public static Path writeRun(Path folder, String host, Load load, Random random) throws IOException {
        RunSummaryBuilder builder = new RunSummaryBuilder();
        long first = 1_793_500_000_000L;
        builder.accept(SimulationLog.WARM_UP_PREFIX + NAMES[0], first - 5_000, first - 4_990, true, null);
        int count = load.rate() * SECONDS;
        for (int i = 0; i < count; i++) {
            long start = first + i * 1000L / load.rate();
            long millis = Math.max(1, Math.round(Math.exp(Math.log(load.medianMs()) + 0.6 * random.nextGaussian())));
            boolean ok = random.nextDouble() >= 0.001;
            builder.accept(NAMES[i % NAMES.length], start, start + millis, ok, ok ? null : "503");
        }
        ObjectNode profile = Json.MAPPER.createObjectNode().put("event", "itimer").put("intervalMs", 10)
            .put("samples", Math.round(load.cpuMs() * (1 + 0.03 * random.nextGaussian()) * count / 10)).put("startedAt", Instant.ofEpochMilli(first).toString())
            .put("stoppedAt", Instant.ofEpochMilli(first + SECONDS * 1000L).toString())
            .put("targetCpuMs", Math.round(load.cpuMs() * (1 + 0.01 * random.nextGaussian()) * count));
        RunSummary summary = builder.build(true).withProfile(ProfileSection.captured(profile, count, List.of()));
        Files.createDirectories(folder);
        Json.MAPPER.writeValue(folder.resolve("summary.json").toFile(), summary);
        LatencyLog.write(folder.resolve(LatencyLog.FILE), builder.latencies().orElseThrow());

        RunRecord record = new RunRecord();
        record.runId = folder.getFileName().toString();
        record.simulation = "SearchSimulation";
        record.variant = "default";
        record.path = "facade";
        record.target = "local";
        record.status = "completed";
        record.start = Instant.ofEpochMilli(first - 10_000);
        record.end = Instant.ofEpochMilli(first + SECONDS * 1000L + 1_000);
        record.knobs.put(Knobs.RATE.name(), "" + load.rate());
        record.knobs.put(Knobs.DURATION.name(), "" + SECONDS);
        record.versions.put("mailbench", "1a2b3c4d5e6f");
        record.versions.put("gatling", "3.15.1");
        record.versions.put("jdk", "17.0.13");
        record.versions.put("opensearchJava", "2.26.0");
        record.versions.put("opensearchServer", "2.19.6");
        record.machine.put("host", host);
        record.machine.put("speedProbeMs", 500);
        Json.MAPPER.writeValue(folder.resolve("run.json").toFile(), record);
        return folder;
    }

    /**
     * A Maven whose "test-compile" does nothing and whose "gatling:test" moves the oldest run folder queued for the checkout
     * it runs in ({@code queues}/<the checkout's folder name>) into the reports folder it is given.
     */
    public static String fakeMaven(Path dir, Path queues) throws IOException {
        Path script = dir.resolve("fake-mvn");
        Files.writeString(script, """
            #!/bin/sh
            case " $* " in *" test-compile "*) exit 0;; esac
            for arg in "$@"; do case "$arg" in -Dmailbench.reportsDir=*) dir="${arg#-Dmailbench.reportsDir=}";; esac; done
            next=$(ls -d "%s/$(basename "$PWD")"/*/ 2>/dev/null | head -n 1)
            [ -n "$next" ] || { echo "no queued run folder for $PWD"; exit 1; }
            mv "$next" "$dir/"
            echo "[mailbench] run folder: $dir/$(basename "$next")"
            """.formatted(queues.toAbsolutePath()));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script.toString();
    }

    /** Night ids are whole seconds: the next night starts in a second of its own. */
    private static void waitForANewSecond(String previousNight) {
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
            .until(() -> !NightlyJob.NIGHT_ID.format(Instant.now()).equals(previousNight));
    }
}
