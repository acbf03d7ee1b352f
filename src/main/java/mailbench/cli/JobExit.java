package mailbench.cli;

import java.io.IOException;

import mailbench.errors.ToolError;

/** The exit code of a job that judges runs (nightly, pairs): its verdict, or 2 with a one-line error for anything else. */
final class JobExit {

    @FunctionalInterface
    interface Job {
        int run() throws IOException, InterruptedException;
    }

    private JobExit() {
    }

    static int of(Job job) {
        try {
            return job.run();
        } catch (ToolError | IllegalArgumentException | IOException e) {
            System.err.println("error: " + e.getMessage());
            return CompareCommand.TOOL_ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.err.println("error: interrupted");
            return CompareCommand.TOOL_ERROR;
        }
    }
}
