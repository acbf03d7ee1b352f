package mailbench.profiler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import one.profiler.AsyncProfilerLoader;

/**
 * async-profiler's {@code asprof} launcher, as extracted by ap-loader from its Maven Central jar.
 * It attaches to a JVM by PID and loads the agent there; the target JVM writes the output file.
 * Every call has a time limit: an attach that hangs must not hang the run.
 */
final class Asprof {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private final Path binary;

    private Asprof(Path binary) {
        this.binary = binary;
    }

    /** Extracts asprof and the agent into {@code libraryDir} (or ap-loader's default); the same path every time. */
    static Asprof extract(Path libraryDir) throws IOException {
        if (!AsyncProfilerLoader.isSupported()) {
            throw new IOException("async-profiler has no build for this platform (" + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + "); it supports Linux x64/arm64 and macOS");
        }
        if (libraryDir != null) {
            AsyncProfilerLoader.setExtractionDirectory(libraryDir.toAbsolutePath());
        }
        // ap-loader extracts asprof (next to the agent it loads) on its first use but does not expose the path;
        // we run asprof ourselves to get its exit code and a time limit, so find it where ap-loader put it
        AsyncProfilerLoader.executeProfiler("--version");
        Path bin = AsyncProfilerLoader.getExtractionDirectory().resolve("bin");
        try (Stream<Path> files = Files.list(bin)) {
            Path binary = files.filter(file -> file.getFileName().toString().startsWith("asprof"))
                .findFirst()
                .orElseThrow(() -> new IOException("ap-loader extracted no asprof into " + bin));
            return new Asprof(binary);
        }
    }

    /** What one asprof call printed (stdout and stderr together) and its exit code. */
    record Result(int exitCode, String output) {

        boolean ok() {
            return exitCode == 0;
        }

        /** The lines that say what went wrong, without the thread dump a JVM prints when attach is refused. */
        String reason() {
            List<String> lines = new ArrayList<>();
            for (String line : output.split("\n")) {
                String s = line.strip();
                if (s.startsWith("[ERROR]") || s.startsWith("Could not") || s.startsWith("Process ") || s.contains("rror")
                    || s.contains("denied") || s.contains("not found") || s.contains("already")) {
                    lines.add(s);
                }
            }
            String text = lines.isEmpty() ? output.strip() : String.join("; ", lines);
            return "asprof exit " + exitCode + (text.isEmpty() ? "" : ": " + (text.length() > 400 ? text.substring(0, 400) + "..." : text));
        }
    }

    Result run(long pid, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(List.of(args));
        command.add(Long.toString(pid));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        if (!process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            return new Result(-1, "asprof " + args[0] + " did not finish within " + LIMIT.toSeconds() + " s");
        }
        return new Result(process.exitValue(), output.join());
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
