package mailbench.injectors;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import mailbench.errors.ToolError;

/**
 * The {@code docker} command, as an operator types it: whatever engine and context it is set up for. A call that
 * fails is a ToolError with Docker's own message; one that hangs is stopped at its timeout.
 */
final class DockerCli {

    /** What one call printed, and its exit code. */
    record Result(int exit, String out, String err) {
        boolean ok() {
            return exit == 0;
        }
    }

    private final String docker;

    DockerCli(String docker) {
        this.docker = docker;
    }

    /** The call's output; a non-zero exit is a ToolError saying what was asked and what Docker answered. */
    String ok(Duration timeout, String... args) throws InterruptedException {
        Result result = run(timeout, null, args);
        if (!result.ok()) {
            throw new ToolError("docker " + args[0] + (args.length > 1 ? " " + args[1] : "") + " failed (exit " + result.exit() + "): "
                + firstLines(result.err().isBlank() ? result.out() : result.err()));
        }
        return result.out();
    }

    Result run(Duration timeout, String... args) throws InterruptedException {
        return run(timeout, null, args);
    }

    /** Runs {@code docker args...}; with {@code output} set, stdout and stderr go to that file instead of memory (a task's log). */
    Result run(Duration timeout, Path output, String... args) throws InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(docker);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        if (output != null) {
            builder.redirectOutput(output.toFile()).redirectErrorStream(true);
        }
        builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new ToolError("cannot run '" + docker + "': " + e.getMessage() + ". Install a Docker client (Debian: apt-get install"
                + " docker.io) or give its path with --docker");
        }
        CompletableFuture<String> out = output == null ? read(process.getInputStream()) : CompletableFuture.completedFuture("");
        CompletableFuture<String> err = read(process.getErrorStream());
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new ToolError("docker " + String.join(" ", args) + " did not answer in " + timeout.toSeconds() + " s: is the engine"
                + " overloaded or stuck? (docker info)");
        }
        try {
            return new Result(process.exitValue(), out.get(), err.get());
        } catch (ExecutionException e) {
            throw new ToolError("cannot read docker's output: " + e.getCause());
        }
    }

    private static CompletableFuture<String> read(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    static String firstLines(String text) {
        String stripped = text.strip();
        String[] lines = stripped.split("\n");
        return lines.length <= 3 ? stripped : String.join("\n", List.of(lines).subList(0, 3)) + " ...";
    }
}
