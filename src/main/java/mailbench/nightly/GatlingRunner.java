package mailbench.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import mailbench.compare.ToolError;

/**
 * Runs the user's main command, {@code mvn gatling:test}, in a mailbench checkout, one run at a
 * time, each into a reports folder of its own; Maven's output goes to a log file. The run itself
 * (stack, load, run folder, no JVM left) is the simulation's business; this only starts Maven,
 * waits, and finds the run folder it left.
 */
final class GatlingRunner {

    /** Maven's exit codes that still leave a usable run: 0, and 1 when Gatling's assertions failed. */
    private static final List<Integer> RUN_EXIT_CODES = List.of(0, 1);

    private final String maven;
    private final Path projectDir;
    private final Map<String, String> properties;
    private volatile Process running;

    GatlingRunner(String maven, Path projectDir, Map<String, String> properties) {
        this.maven = maven;
        this.projectDir = projectDir.toAbsolutePath();
        this.properties = Map.copyOf(properties);
        if (!Files.isRegularFile(this.projectDir.resolve("pom.xml"))) {
            throw new ToolError(this.projectDir + " is not a mailbench checkout (no pom.xml): run from it or give --project-dir");
        }
        for (String key : properties.keySet()) {
            if (key.equals("mailbench.reportsDir")) {
                throw new ToolError("-Dmailbench.reportsDir is set by the job (its runs go to folders of its own)");
            }
        }
    }

    /** One {@code mvn gatling:test} into {@code reportsDir}; returns its run folder, or a ToolError naming the log. */
    Path run(Path reportsDir, Path log) throws InterruptedException {
        List<String> command = new ArrayList<>(List.of(maven, "-B", "-ntp", "gatling:test",
            "-Dmailbench.reportsDir=" + reportsDir.toAbsolutePath()));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        int exit;
        try {
            Files.createDirectories(reportsDir);
            Files.createDirectories(log.getParent());
            running = new ProcessBuilder(command).directory(projectDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
            exit = running.waitFor();
        } catch (IOException e) {
            throw new ToolError("could not start '" + maven + "' (set --maven to Maven's mvn): " + e.getMessage());
        } finally {
            running = null;
        }
        Optional<Path> folder = newestRun(reportsDir);
        if (!RUN_EXIT_CODES.contains(exit) || folder.isEmpty()) {
            throw new ToolError("mvn gatling:test failed (exit " + exit + ") without a run; see " + log);
        }
        return folder.get();
    }

    /** Stops a run in progress (the run's own hooks stop its JVMs and label it interrupted). */
    void stop() {
        Process process = running;
        if (process != null) {
            process.destroy();
        }
    }

    private static Optional<Path> newestRun(Path reportsDir) {
        try (Stream<Path> runs = Files.list(reportsDir)) {
            return runs.filter(dir -> Files.isRegularFile(dir.resolve("run.json"))).max(Path::compareTo);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
