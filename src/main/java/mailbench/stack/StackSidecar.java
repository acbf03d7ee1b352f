package mailbench.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import mailbench.profiler.SidecarToken;

/**
 * The stack's profiler sidecar, in its own JVM, pointed at the facade's PID and idle until the run starts a capture.
 * If it cannot start, the stack runs without it and says why: a profile is never worth a failed run.
 */
final class StackSidecar implements AutoCloseable {

    /** async-profiler is extracted here once and reused: a JVM must always load the agent from the same path. */
    private static final Path PROFILER_LIBRARY = Path.of("target", "async-profiler");
    private static final Duration SIDECAR_START = Duration.ofSeconds(30);

    /** Null when it did not start. */
    private final ChildJvm jvm;
    private final LocalStack.Profiler profiler;
    private final String problem;

    private StackSidecar(ChildJvm jvm, LocalStack.Profiler profiler, String problem) {
        this.jvm = jvm;
        this.profiler = profiler;
        this.problem = problem;
    }

    /** Not requested: no sidecar, and that is the reason. */
    static StackSidecar none() {
        return new StackSidecar(null, null, "not requested");
    }

    static StackSidecar start(long facadePid, Path workDir, Consumer<String> progress) {
        Path dir = workDir.resolve("profiler");
        ChildJvm started = null;
        try {
            Path tokenFile = workDir.resolve("profiler.token");
            SidecarToken.generate(tokenFile);
            started = ChildJvm.start("profiler", List.of("-Xmx256m"), AppClasspath.runtime(), "mailbench.cli.MailbenchMain",
                List.of("profiler", "serve", "--pid", Long.toString(facadePid), "--host", "127.0.0.1", "--port", "0",
                    "--out", dir.toString(), "--library-dir", PROFILER_LIBRARY.toAbsolutePath().toString(),
                    "--token-file", tokenFile.toString(), "--ready-file", "{ready}",
                    "--parent-pid", Long.toString(ProcessHandle.current().pid())),
                workDir);
            URI url = URI.create(started.awaitReady(SIDECAR_START).get("url").asText());
            progress.accept("profiler sidecar is up at " + url + " (pid " + started.pid() + ", profiles pid " + facadePid + ")");
            return new StackSidecar(started, new LocalStack.Profiler(url, tokenFile), null);
        } catch (IOException | RuntimeException e) {
            String problem = "the profiler sidecar did not start: " + e.getMessage();
            progress.accept(problem + " (the run goes on without a profile)");
            if (started != null) {
                started.close();
            }
            return new StackSidecar(null, null, problem);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (started != null) {
                started.close();
            }
            return new StackSidecar(null, null, "interrupted while starting the profiler sidecar");
        }
    }

    /** Null when there is none. */
    LocalStack.Profiler profiler() {
        return profiler;
    }

    /** Why there is no sidecar, null when there is one. */
    String problem() {
        return problem;
    }

    /** Its PID, -1 when there is none. */
    long pid() {
        return jvm == null ? -1 : jvm.pid();
    }

    @Override
    public void close() {
        if (jvm != null) {
            jvm.close();
        }
    }
}
