package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import mailbench.access.ServerTls;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.ProfileReport;
import mailbench.profiler.ProfilerSidecar;
import mailbench.profiler.SidecarServer;
import mailbench.profiler.SidecarToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench profiler serve|capture}: the profiler sidecar, a process of its own beside the facade. */
@Command(name = "profiler", mixinStandardHelpOptions = true,
    description = "Profile a facade JVM by PID with async-profiler (itimer by default).",
    subcommands = {ProfilerCommand.Serve.class, ProfilerCommand.Capture.class})
final class ProfilerCommand {

    /** Options both forms share. */
    static class Target {
        @Option(names = "--pid", required = true, description = "PID of the JVM to profile (the facade)")
        long pid;

        @Option(names = "--out", description = "Folder for the captures, one sub-folder each (default: ${DEFAULT-VALUE})",
            defaultValue = "mailbench-profiles")
        Path out;

        @Option(names = "--library-dir", description = "Where async-profiler is extracted; keep it the same for a target JVM"
            + " (default: ap-loader's folder under ~/.local/share)")
        Path libraryDir;
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Offer the control API (start/stop/status/artifacts) for the simulation's hooks; runs until Ctrl-C.")
    static final class Serve implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        Target target;

        @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE}; other hosts reach it only if you change this)",
            defaultValue = "127.0.0.1")
        String host;

        @Option(names = "--port", description = "Port, 0 = any free port (default: ${DEFAULT-VALUE})", defaultValue = "7070")
        int port;

        @Option(names = "--token-file", description = "File holding the API token. Without it the token comes from $"
            + SidecarToken.ENV + ", else a new one is written to <out>/token (owner-only)")
        Path tokenFile;

        @Option(names = "--read-timeout-s", description = "A connection that has not sent a whole request head this long after"
            + " it opened is closed (default: ${DEFAULT-VALUE})",
            defaultValue = "" + SidecarServer.DEFAULT_READ_TIMEOUT_S)
        int readTimeoutSeconds;

        @picocli.CommandLine.Mixin
        ServerTlsOptions tls;

        @picocli.CommandLine.Mixin
        ChildOptions child;

        @Override
        public Integer call() throws Exception {
            ServerTls serverTls = tls.tls();
            SidecarServer.Listen listen = new SidecarServer.Listen(host, port, readTimeoutSeconds, serverTls);
            child.watchParent();
            SidecarToken token = SidecarToken.fromFileOrEnv(tokenFile);
            String tokenSource = tokenFile != null ? tokenFile.toString() : "$" + SidecarToken.ENV;
            if (token == null) {
                Path generated = target.out.resolve("token");
                token = SidecarToken.generate(generated);
                tokenSource = generated.toAbsolutePath().toString();
            }
            ProfilerSidecar sidecar = new ProfilerSidecar(target.pid, target.out, target.libraryDir);
            sidecar.preload().ifPresentOrElse(
                problem -> System.out.println("warning: " + problem + " (captures will fail with this reason)"),
                () -> System.out.println("async-profiler loaded into pid " + target.pid));
            SidecarServer server = SidecarServer.start(sidecar, token, listen);
            CountDownLatch stopped = ChildOptions.onShutdown(server::close, "profiler-shutdown");
            String url = serverTls.scheme() + "://" + host + ":" + server.port();
            System.out.println("profiler sidecar: " + url + " (profiling pid " + target.pid + ", token from " + tokenSource
                + ", captures in " + target.out.toAbsolutePath() + ", serving " + serverTls.describe() + ")");
            child.announceReady(url);
            stopped.await();
            return 0;
        }
    }

    @Command(name = "capture", mixinStandardHelpOptions = true,
        description = "One capture now: profile for --seconds, then write the flame graphs, collapsed stacks, JFR and profile.json.")
    static final class Capture implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        Target target;

        @Option(names = "--seconds", description = "How long to sample (default: ${DEFAULT-VALUE})", defaultValue = "30")
        int seconds;

        @Option(names = "--event", description = "itimer, cpu or wall (default: ${DEFAULT-VALUE})", defaultValue = CaptureSettings.DEFAULT_EVENT)
        String event;

        @Option(names = "--interval-ms", description = "Sampling interval (default: ${DEFAULT-VALUE})",
            defaultValue = "" + CaptureSettings.DEFAULT_INTERVAL_MS)
        int intervalMs;

        @Option(names = "--alloc-bytes", description = "Also sample heap allocation, once every this many bytes; 0: no allocation"
            + " sampling and no allocation flame graph (default: ${DEFAULT-VALUE})", defaultValue = "" + CaptureSettings.DEFAULT_ALLOC_BYTES)
        String allocBytes;

        @Override
        public Integer call() throws Exception {
            if (seconds < 1 || seconds > 86_400) {
                throw new IllegalArgumentException("--seconds must be 1-86400, got " + seconds);
            }
            CaptureSettings settings = new CaptureSettings(event, intervalMs, CaptureSettings.parseAllocBytes(allocBytes, "--alloc-bytes"));
            ProfilerSidecar sidecar = new ProfilerSidecar(target.pid, target.out, target.libraryDir);
            ProfilerSidecar.Status status = sidecar.start(settings);
            if (status.state() == ProfilerSidecar.State.FAILED) {
                System.err.println("error: " + status.reason());
                return 1;
            }
            Thread stopOnCtrlC = new Thread(() -> stopQuietly(sidecar), "profiler-shutdown");
            Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
            for (int left = seconds; left > 0; left -= Math.min(left, 10)) {
                System.out.println("profiling pid " + target.pid + " (" + event + "): " + left + " s left");
                Thread.sleep(Math.min(left, 10) * 1000L);
            }
            status = sidecar.stop();
            Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
            if (status.state() == ProfilerSidecar.State.FAILED) {
                System.err.println("error: " + status.reason());
                return 1;
            }
            ProfileReport report = sidecar.artifacts();
            Path dir = target.out.resolve(status.capture()).toAbsolutePath();
            System.out.println(report.samples() + " samples; thread groups: " + report.threadGroups());
            report.files().forEach(file -> System.out.println(dir.resolve(file)));
            if (!settings.samplesAllocation()) {
                System.out.println("no allocation flame graph: allocation sampling is off (--alloc-bytes 0)");
            }
            return 0;
        }

        private static void stopQuietly(ProfilerSidecar sidecar) {
            try {
                if (sidecar.status().state() == ProfilerSidecar.State.RUNNING) {
                    sidecar.stop();
                }
            } catch (InterruptedException | RuntimeException e) {
                // the JVM is exiting
            }
        }
    }
}
