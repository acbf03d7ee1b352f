package mailbench.stack;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/**
 * One JVM this process started (OpenSearch node, facade). Its output goes to a log file; it
 * tells it is ready by writing a small JSON file; {@link #close()} stops it by PID (SIGTERM,
 * then SIGKILL after a grace period). Children also watch our PID and stop when we are gone.
 */
public final class ChildJvm implements AutoCloseable {

    private static final Duration GRACE = Duration.ofSeconds(20);

    private final String name;
    private final Process process;
    private final Path readyFile;
    private final Path logFile;

    private ChildJvm(String name, Process process, Path readyFile, Path logFile) {
        this.name = name;
        this.process = process;
        this.readyFile = readyFile;
        this.logFile = logFile;
    }

    /** Starts {@code mainClass}; {@code args} may use the placeholder {@code {ready}} for the ready-file path. */
    public static ChildJvm start(String name, List<String> jvmArgs, List<Path> classpath, String mainClass,
                                 List<String> args, Path workDir) throws IOException {
        return start(name, Path.of(System.getProperty("java.home"), "bin", "java"), jvmArgs, classpath, mainClass, args, workDir);
    }

    /** The same on another JDK's {@code java} (the embedded node may need a newer one than ours). */
    public static ChildJvm start(String name, Path java, List<String> jvmArgs, List<Path> classpath, String mainClass,
                                 List<String> args, Path workDir) throws IOException {
        Files.createDirectories(workDir);
        Path readyFile = workDir.resolve(name + ".ready.json");
        Path logFile = workDir.resolve(name + ".log");
        Files.deleteIfExists(readyFile);
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        // an OutOfMemoryError can kill a thread the process needs (the facade's client I/O thread) and leave it up but
        // broken: die at once instead, with a line in the log, so whoever started it (the stack, a supervisor) sees it
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        for (String arg : args) {
            command.add(arg.replace("{ready}", readyFile.toString()));
        }
        Process process = new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(logFile.toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .start();
        return new ChildJvm(name, process, readyFile, logFile);
    }

    public long pid() {
        return process.pid();
    }

    /** Waits for the ready file; fails fast, with the end of the child's log, if the child dies first. */
    public JsonNode awaitReady(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(readyFile)) {
                return Json.MAPPER.readTree(readyFile.toFile());
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with code " + process.exitValue() + " before it was ready;"
                    + " its log (" + logFile + ") ends with:\n" + tail());
            }
            Thread.sleep(100);
        }
        close();
        throw new IllegalStateException(name + " was not ready after " + timeout.toSeconds() + " s; its log (" + logFile
            + ") ends with:\n" + tail());
    }

    private String tail() {
        try {
            List<String> lines = Files.readAllLines(logFile);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
