package mailbench.nightly;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import mailbench.errors.ToolError;
import mailbench.runfolder.RunFolder;

/**
 * Runs the user's main command, {@code mvn gatling:test}, in a mailbench checkout, one run at a
 * time, each into a new reports folder of its own; Maven's output goes to a log file. The run itself
 * (stack, load, run folder, no JVM left) is the simulation's business; this only starts Maven,
 * says where it is while it runs, waits, and takes the one run folder it made.
 */
final class GatlingRunner {

    /** Maven's exit codes that still leave a usable run: 0, and 1 when Gatling's assertions failed. */
    private static final List<Integer> RUN_EXIT_CODES = List.of(0, 1);

    /** How often a run in progress says where it is. */
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);

    private final String maven;
    private final Path projectDir;
    private final Map<String, String> properties;
    private final Duration progressEvery;
    private volatile Process running;

    GatlingRunner(String maven, Path projectDir, Map<String, String> properties) {
        this(maven, projectDir, properties, PROGRESS_EVERY);
    }

    GatlingRunner(String maven, Path projectDir, Map<String, String> properties, Duration progressEvery) {
        this.maven = maven;
        this.projectDir = projectDir.toAbsolutePath();
        this.properties = Map.copyOf(properties);
        this.progressEvery = progressEvery;
        if (!Files.isRegularFile(this.projectDir.resolve("pom.xml"))) {
            throw new ToolError(this.projectDir + " is not a mailbench checkout (no pom.xml): run from it or give --project-dir");
        }
        for (String key : properties.keySet()) {
            if (key.equals("mailbench.reportsDir")) {
                throw new ToolError("-Dmailbench.reportsDir is set by the job (its runs go to folders of its own)");
            }
        }
    }

    /**
     * One {@code mvn gatling:test} into a new staging folder inside {@code into} (named after the log, so on the same
     * disk); the one run folder it made moves to {@code into}, so {@code into} stays a folder of run folders. Returns
     * that run folder, or a ToolError naming the log. {@code inProgress} gets where the run is, every progressEvery.
     */
    Path run(Path into, Path log, Consumer<String> inProgress) throws InterruptedException {
        Path staging = into.toAbsolutePath().resolve("." + log.getFileName().toString().replaceFirst("\\.log$", ""));
        // gatling:test runs the build up to test-compile first: without the Java tests, as the checkout was built
        List<String> command = new ArrayList<>(List.of(maven, "-B", "-ntp", "gatling:test",
            "-D" + BaselineCheckout.SIMULATIONS_ONLY + "=true", "-Dmailbench.reportsDir=" + staging));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        try {
            Files.createDirectories(into);
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.createDirectory(staging);
        } catch (FileAlreadyExistsException e) {
            throw new ToolError(staging + " already exists: each run needs a new folder; give a new --out (or --baseline)");
        } catch (IOException e) {
            throw new ToolError("cannot create " + staging + ": " + e.getMessage());
        }
        int exit;
        try {
            exit = waitFor(command, log, inProgress);
        } catch (ToolError e) {
            deleteIfEmpty(staging);
            throw e;
        }
        if (!RUN_EXIT_CODES.contains(exit)) {
            throw new ToolError("mvn gatling:test failed (exit " + exit + "); see " + log);
        }
        List<Path> made = runFolders(staging);
        if (made.isEmpty()) {
            deleteIfEmpty(staging);
            throw new ToolError("Maven exited with code " + exit + " before the simulation made a run folder; see " + log);
        }
        if (made.size() > 1) {
            throw new ToolError("one run made " + made.size() + " run folders in " + staging + " (expected one); see " + log);
        }
        if (!RunFolder.of(made.get(0)).hasSummary()) {
            // left in the staging folder: in the side's folder, a run without a summary would break loading the whole side
            throw new ToolError("Maven exited with code " + exit + " and its run folder " + made.get(0)
                + " has no " + RunFolder.SUMMARY_JSON + " (the run did not finish); see " + log);
        }
        Path folder = into.toAbsolutePath().resolve(made.get(0).getFileName());
        try {
            Files.move(made.get(0), folder);
        } catch (IOException e) {
            throw new ToolError("cannot move the run folder " + made.get(0) + " to " + folder + ": " + e.getMessage()
                + " (move it by hand to keep the run)");
        }
        deleteIfEmpty(staging);
        return folder;
    }

    private int waitFor(List<String> command, Path log, Consumer<String> inProgress) throws InterruptedException {
        long started = System.nanoTime();
        RunProgress progress = new RunProgress();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "run-progress");
            thread.setDaemon(true);
            return thread;
        });
        try {
            running = new ProcessBuilder(command).directory(projectDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
            ticker.scheduleAtFixedRate(() -> {
                progress.follow(log);
                inProgress.accept(progress.describe(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)));
            }, progressEvery.toMillis(), progressEvery.toMillis(), TimeUnit.MILLISECONDS);
            return running.waitFor();
        } catch (IOException e) {
            throw new ToolError("could not start '" + maven + "' (set --maven to Maven's mvn): " + e.getMessage());
        } finally {
            running = null;
            ticker.shutdownNow();
            // no progress line after the run's own result line
            ticker.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Stops a run in progress (the run's own hooks stop its JVMs and label it interrupted). */
    void stop() {
        Process process = running;
        if (process != null) {
            process.destroy();
        }
    }

    private static List<Path> runFolders(Path staging) {
        try (Stream<Path> runs = Files.list(staging)) {
            return runs.filter(RunFolder::isRun).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void deleteIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // the simulation left something else there: kept for a look
        } catch (IOException e) {
            // an empty folder left behind is harmless: loadSeries ignores folders without run.json
        }
    }
}
