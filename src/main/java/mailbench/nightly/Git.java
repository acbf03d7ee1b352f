package mailbench.nightly;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import mailbench.errors.ToolError;

/** One git command in a checkout: its exit code and output, or a ToolError when git cannot run or does not finish. */
public final class Git {

    private static final long GIT_MINUTES = 10;

    /** What git answered: its exit code and its output (stdout and stderr together). */
    public record Result(int exit, String output) {

        /** The output without its line end; a ToolError naming {@code what} when git failed. */
        public String require(String what) {
            if (exit != 0) {
                throw new ToolError(what + " failed: " + output.strip());
            }
            return output.strip();
        }
    }

    private Git() {
    }

    public static Result run(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(GIT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new ToolError(String.join(" ", command) + " did not finish in " + GIT_MINUTES + " minutes");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new ToolError("could not run git (the night needs git on PATH): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolError("interrupted while running " + String.join(" ", command));
        }
    }
}
