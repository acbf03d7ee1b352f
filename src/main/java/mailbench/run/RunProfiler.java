package mailbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.profiler.CaptureSettings;
import mailbench.profiler.SidecarClient;

/**
 * The run's side of profiling: starts the sidecar's capture when the measured phase has settled,
 * stops it before the phase ends, and at the end copies the artifacts into {@code profile/}.
 * Every failure becomes "no profile" with its reason; none of them stops the load.
 */
final class RunProfiler {

    private final SidecarClient client;
    private final CaptureSettings settings;
    private final Consumer<String> events;
    private final ScheduledExecutorService timer;
    private String failure;
    private boolean running;
    private boolean stopped;
    private Instant startedAt;
    private Instant stoppedAt;

    private RunProfiler(SidecarClient client, CaptureSettings settings, String failure, Consumer<String> events) {
        this.client = client;
        this.settings = settings;
        this.failure = failure;
        this.events = events;
        this.timer = client == null ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "mailbench-profiler");
            thread.setDaemon(true);
            return thread;
        });
    }

    static RunProfiler using(SidecarClient client, CaptureSettings settings, Consumer<String> events) {
        return new RunProfiler(client, settings, null, events);
    }

    static RunProfiler none(String reason, Consumer<String> events) {
        return new RunProfiler(null, null, reason, events);
    }

    /** Called when the load starts: the capture runs from {@code window.start} to {@code window.stop} seconds from now. */
    void schedule(ProfileWindow window) {
        if (client == null) {
            return;
        }
        events.accept("profiler: capture planned " + window.startSeconds() + "-" + window.stopSeconds() + " s after the load starts ("
            + settings.event() + ", " + settings.intervalMs() + " ms)");
        timer.schedule(this::start, window.startSeconds(), TimeUnit.SECONDS);
        timer.schedule(this::stop, window.stopSeconds(), TimeUnit.SECONDS);
    }

    /** For a run too short to leave a window. */
    synchronized void skip(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    private synchronized void start() {
        if (stopped || failure != null) {
            return;
        }
        JsonNode status = call("start", () -> client.start(settings));
        if (status != null) {
            running = true;
            startedAt = Instant.parse(status.path("startedAt").asText());
            events.accept("profiler: capture started");
        }
    }

    /** Stops a running capture (on time, or early when the run ends first). */
    synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (!running) {
            if (failure == null) {
                failure = "the run ended before the capture window opened";
            }
            return;
        }
        running = false;
        JsonNode status = call("stop", client::stop);
        if (status != null) {
            stoppedAt = Instant.parse(status.path("stoppedAt").asText());
            events.accept("profiler: capture stopped");
        }
    }

    /** One call to the sidecar: its status, or null when it failed (the failure is recorded). */
    private JsonNode call(String what, SidecarCall call) {
        try {
            JsonNode status = call.send();
            if ("FAILED".equals(status.path("state").asText())) {
                fail(status.path("reason").asText("the sidecar gave no reason"));
                return null;
            }
            return status;
        } catch (IOException | RuntimeException e) {
            fail("could not " + what + " the capture: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while asking the sidecar to " + what + " the capture");
        }
        return null;
    }

    @FunctionalInterface
    private interface SidecarCall {
        JsonNode send() throws IOException, InterruptedException;
    }

    /** The capture window, once there was one: requests are counted inside it for cpuMsPerRequest. */
    synchronized Instant startedAt() {
        return failure == null ? startedAt : null;
    }

    synchronized Instant stoppedAt() {
        return failure == null ? stoppedAt : null;
    }

    /** Stops the capture if needed and copies its artifacts into {@code dir}; {@code requestsInWindow} counts the served requests. */
    synchronized ProfileSection finish(Path dir, java.util.function.ToLongBiFunction<Instant, Instant> requestsInWindow) {
        stop();
        if (timer != null) {
            timer.shutdownNow();
        }
        if (failure != null) {
            leaveSidecarStopped();
            return ProfileSection.none(failure);
        }
        try {
            JsonNode report = client.download(dir);
            List<String> files = new ArrayList<>();
            report.path("files").forEach(file -> files.add(dir.getFileName() + "/" + file.asText()));
            long requests = requestsInWindow.applyAsLong(startedAt, stoppedAt);
            events.accept("profiler: " + report.path("samples").asLong() + " samples copied into " + dir.getFileName() + "/");
            return ProfileSection.captured(report, requests, files);
        } catch (IOException | RuntimeException e) {
            fail("could not fetch the capture's artifacts: " + e.getMessage());
            return ProfileSection.none(failure);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while fetching the capture's artifacts");
            return ProfileSection.none(failure);
        }
    }

    /** After a call that failed half-way (a timeout, say), the sidecar may still be capturing: not past the run. */
    private void leaveSidecarStopped() {
        if (client == null) {
            return;
        }
        try {
            if ("RUNNING".equals(client.status().path("state").asText())) {
                client.stop();
            }
        } catch (IOException | RuntimeException e) {
            // reported already: the failure that brought us here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void fail(String reason) {
        failure = reason;
        running = false;
        events.accept("profiler: no profile: " + reason);
    }
}
