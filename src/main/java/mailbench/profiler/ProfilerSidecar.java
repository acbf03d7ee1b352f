package mailbench.profiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One profiled JVM and its captures, one at a time: idle, running, stopped (artifacts can be
 * made), or failed (with the reason). Whatever goes wrong, the target's profiler is left stopped:
 * after a failed start or stop another {@code stop} is sent, because async-profiler stays started
 * after a failed write and would refuse the next start.
 */
public final class ProfilerSidecar {

    private static final DateTimeFormatter CAPTURE_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /** Where a capture stands. */
    public enum State { IDLE, RUNNING, STOPPED, FAILED }

    /** What {@code status} returns; {@code reason} is set when the state is FAILED. */
    public record Status(State state, long pid, String event, Integer intervalMs, Long allocBytes, Instant startedAt,
                         Instant stoppedAt, String capture, String reason) {
    }

    /** A request that does not fit the current state (start while running, stop while idle). */
    public static final class Conflict extends RuntimeException {
        Conflict(String message) {
            super(message);
        }
    }

    private final long pid;
    private final Path outDir;
    private final Path libraryDir;
    private Asprof asprof;
    private State state = State.IDLE;
    private CaptureSettings settings;
    private Path capture;
    private Instant startedAt;
    private Instant stoppedAt;
    private CpuClock cpu;
    private String reason;
    private final CaptureConversions conversions = new CaptureConversions(this);

    /** The stopped capture a conversion reads, taken under the lock so it converts a consistent capture. */
    record Stopped(Path capture, CaptureSettings settings, Instant startedAt, Instant stoppedAt, CpuClock cpu) {
    }

    /** Part of a capture, epoch milliseconds; null ends mean the capture's own start or stop. */
    public record Window(Long fromMillis, Long toMillis) {
        public static final Window WHOLE = new Window(null, null);
    }

    public ProfilerSidecar(long pid, Path outDir, Path libraryDir) {
        this.pid = pid;
        this.outDir = outDir.toAbsolutePath();
        this.libraryDir = libraryDir;
    }

    public long pid() {
        return pid;
    }

    /**
     * Loads the agent into the target once, without profiling ({@code asprof status}): the one-time cost of
     * the first attach (library load, JVMTI set-up) then falls before the load, not into the measured phase.
     * Returns the problem when the target cannot be attached.
     */
    public synchronized Optional<String> preload() throws InterruptedException {
        Optional<String> problem = targetProblem();
        if (problem.isPresent()) {
            return problem;
        }
        try {
            Asprof.Result result = asprof().run(pid, "status");
            return result.ok() ? Optional.empty() : Optional.of("cannot attach to pid " + pid + ": " + result.reason());
        } catch (IOException e) {
            return Optional.of("could not run asprof: " + e.getMessage());
        }
    }

    public synchronized Status status() {
        return new Status(state, pid, settings == null ? null : settings.event(), settings == null ? null : settings.intervalMs(),
            settings == null ? null : settings.allocBytes(), startedAt, stoppedAt, capture == null ? null : capture.getFileName().toString(), reason);
    }

    /** Starts a capture; a failure is not thrown but returned as a FAILED status with the reason. */
    public synchronized Status start(CaptureSettings newSettings) throws InterruptedException {
        if (state == State.RUNNING) {
            throw new Conflict("a capture is already running since " + startedAt + "; stop it first");
        }
        settings = newSettings;
        capture = null;
        startedAt = null;
        stoppedAt = null;
        reason = null;
        Optional<String> problem = targetProblem();
        if (problem.isPresent()) {
            return fail(problem.get());
        }
        try {
            capture = newCaptureDir();
        } catch (IOException e) {
            return fail("the capture folder under " + outDir + " is not writable: " + e.getMessage());
        }
        try {
            Asprof.Result result = asprof().run(pid, startArguments(settings, capture.resolve(ProfileConverter.JFR)));
            if (!result.ok()) {
                leaveStopped();
                return fail("could not start async-profiler in pid " + pid + ": " + result.reason());
            }
        } catch (IOException e) {
            return fail("could not run asprof: " + e.getMessage());
        }
        cpu = new CpuClock(pid);
        startedAt = Instant.now();
        state = State.RUNNING;
        return status();
    }

    /**
     * asprof's start: the CPU event and, in the same session (one JFR file holds both), heap allocation sampled every
     * {@code allocBytes} bytes, unless that is 0.
     */
    static String[] startArguments(CaptureSettings settings, Path jfr) {
        List<String> args = new ArrayList<>(List.of("start", "-e", settings.event(), "-i", settings.intervalMs() + "ms"));
        if (settings.samplesAllocation()) {
            args.addAll(List.of("--alloc", Long.toString(settings.allocBytes())));
        }
        args.addAll(List.of("-f", jfr.toString()));
        return args.toArray(String[]::new);
    }

    /** Stops the capture and closes its JFR file; converting happens later, in {@link #artifacts(Window)}, off the load. */
    public synchronized Status stop() throws InterruptedException {
        if (state != State.RUNNING) {
            throw new Conflict("no capture is running (state " + state + ")");
        }
        cpu.close();
        stoppedAt = Instant.now();
        if (targetProblem().isPresent()) {
            return fail("process " + pid + " ended during the capture");
        }
        try {
            Asprof.Result result = asprof().run(pid, "stop", "-f", capture.resolve(ProfileConverter.JFR).toString());
            if (!result.ok()) {
                leaveStopped();
                return fail("async-profiler could not stop and write " + capture.resolve(ProfileConverter.JFR) + ": " + result.reason());
            }
        } catch (IOException e) {
            return fail("could not run asprof: " + e.getMessage());
        }
        Path jfr = capture.resolve(ProfileConverter.JFR);
        if (!Files.isRegularFile(jfr) || jfr.toFile().length() == 0) {
            return fail("async-profiler wrote no JFR file at " + jfr + " (the target JVM writes it: check its permissions there)");
        }
        state = State.STOPPED;
        return status();
    }

    /** The artifacts of the whole last stopped capture. */
    public ProfileReport artifacts() throws IOException {
        return conversions.artifacts(Window.WHOLE);
    }

    /** The artifacts of the last stopped capture, from the samples inside {@code window} only ({@link CaptureConversions}). */
    public ProfileReport artifacts(Window window) throws IOException {
        return conversions.artifacts(window);
    }

    /** A file of the last conversion, if it is one of its artifacts; converts the whole capture when nothing was yet. */
    public Optional<Path> artifact(String name) throws IOException {
        return conversions.artifact(name);
    }

    /** The last stopped capture, or a {@link Conflict} saying why there is none. */
    synchronized Stopped stopped() {
        if (state != State.STOPPED) {
            throw new Conflict(state == State.FAILED ? "the last capture failed: " + reason : "no stopped capture (state " + state + ")");
        }
        return new Stopped(capture, settings, startedAt, stoppedAt, cpu);
    }

    /** Whether {@code folder} is still the capture of the stopped state, not replaced by a newer capture meanwhile. */
    synchronized boolean isCurrentStopped(Path folder) {
        return state == State.STOPPED && folder.equals(capture);
    }

    private Optional<String> targetProblem() {
        Optional<ProcessHandle> target = ProcessHandle.of(pid);
        if (target.isEmpty() || !target.get().isAlive()) {
            return Optional.of("process " + pid + " is not running");
        }
        return Optional.empty();
    }

    private Asprof asprof() throws IOException {
        if (asprof == null) {
            asprof = Asprof.extract(libraryDir);
        }
        return asprof;
    }

    private Path newCaptureDir() throws IOException {
        Files.createDirectories(outDir);
        String name = "capture-" + CAPTURE_ID.format(Instant.now());
        for (int attempt = 1; ; attempt++) {
            try {
                return Files.createDirectory(outDir.resolve(attempt == 1 ? name : name + "-" + attempt));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // two captures in one second: take the next name
            }
        }
    }

    /** Best effort: a profiler left started after a failure would refuse every later start. */
    private void leaveStopped() throws InterruptedException {
        try {
            asprof().run(pid, "stop");
        } catch (IOException e) {
            // nothing more to do: the reason of the failure is what gets reported
        }
    }

    private Status fail(String why) {
        state = State.FAILED;
        reason = why;
        return status();
    }
}
