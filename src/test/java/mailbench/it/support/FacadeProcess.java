package mailbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.awaitility.core.ConditionTimeoutException;

import mailbench.json.Json;
import mailbench.knobs.Knobs;
import mailbench.stack.AppClasspath;

/**
 * {@code mailbench facade ...} as an operator starts it: its own JVM, its own environment, its
 * whole output (console and log lines) in one file a test can read.
 */
public final class FacadeProcess implements AutoCloseable {

    private final Process process;
    private final Path output;
    private final Path readyFile;

    private FacadeProcess(Process process, Path output, Path readyFile) {
        this.process = process;
        this.output = output;
        this.readyFile = readyFile;
    }

    /**
     * Starts {@code mailbench <args> --ready-file <file> --parent-pid <ours>} with these environment variables added (and
     * none of ours that name OpenSearch credentials), its JVM compiling with C1 only: the tests that use it check what it
     * answers, and on two cores C2's compile threads take CPU the other test JVM waits for.
     */
    public static FacadeProcess start(Path dir, String name, List<String> args, Map<String, String> env) throws IOException {
        return start(dir, name, args, env, true);
    }

    /** The same on the JVM's default compilers (C1, then C2), as an operator runs it: for tests that read its CPU, allocation or lag. */
    public static FacadeProcess startTiered(Path dir, String name, List<String> args, Map<String, String> env) throws IOException {
        return start(dir, name, args, env, false);
    }

    private static FacadeProcess start(Path dir, String name, List<String> args, Map<String, String> env, boolean c1) throws IOException {
        Files.createDirectories(dir);
        Path output = dir.resolve(name + ".log");
        Path readyFile = dir.resolve(name + ".ready.json");
        Files.deleteIfExists(readyFile);
        // G1 named: on a host (or CPU quota) of one core the JVM picks Serial, whose max memory leaves out a survivor space,
        // so an eighth of it (the default --max-body-bytes-in-flight) fell under the 31 MiB bodies FacadeInputLimitsIT sends
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
            "-XX:+UseG1GC", "-cp", String.join(File.pathSeparator, AppClasspath.runtime().stream().map(Path::toString).toList()),
            "mailbench.cli.MailbenchMain"));
        if (c1) {
            command.add(1, Knobs.C1_ONLY);
        }
        command.addAll(args);
        command.addAll(List.of("--ready-file", readyFile.toString(), "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().keySet().removeIf(key -> key.startsWith("MAILBENCH_OPENSEARCH_"));
        builder.environment().putAll(env);
        return new FacadeProcess(builder.start(), output, readyFile);
    }

    /** {@code facade} over {@code opensearch} on any free port, with an index of its own ({@code indexPrefix} and a number). */
    public static FacadeProcess facade(Path dir, URI opensearch, String indexPrefix) throws IOException {
        return start(dir, "facade", List.of("facade", "--opensearch", opensearch.toString(), "--port", "0", "--index",
            indexPrefix + System.nanoTime()), Map.of());
    }

    /** Stops it, failing when its output shows heap exhaustion, a stack trace (a client's mistake logs none) or a blocked loop. */
    public void closeExpectingCleanOutput() throws InterruptedException {
        try {
            assertThat(output()).as("no heap exhaustion, no stack trace for a client's mistake").doesNotContain("OutOfMemoryError")
                .doesNotContain("\tat ").doesNotContain("blocked for");
        } finally {
            close();
        }
    }

    /** The facade's URL once it listens (it writes its ready file), failing with its output if it dies first. */
    public URI awaitUrl() throws IOException {
        try {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
                if (!Files.exists(readyFile) && !process.isAlive()) {
                    throw new IllegalStateException("the facade exited with " + process.exitValue() + ":\n" + output());
                }
                return Files.exists(readyFile);
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("the facade did not start in 60 s:\n" + output(), e);
        }
        return URI.create(Json.MAPPER.readTree(readyFile.toFile()).get("url").asText());
    }

    /** Waits for the process to end by itself (a refused command line). */
    public int awaitExit() throws InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("still running after 60 s:\n" + output());
        }
        return process.exitValue();
    }

    /** To signal it (SIGSTOP/SIGCONT) as a starved host would treat it. */
    public long pid() {
        return process.pid();
    }

    public String output() {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Stops the facade (SIGTERM, then SIGKILL) and returns everything it printed. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
