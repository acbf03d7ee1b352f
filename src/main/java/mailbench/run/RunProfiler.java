package mailbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongBiFunction;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.profiler.CaptureSettings;
import mailbench.profiler.SidecarClient;
import mailbench.runfolder.ProfileSection;

/**
 * The run's side of profiling. Sampling starts before the load and stops after it, because
 * starting async-profiler can stall a CPU-starved JVM for seconds, long enough to time out every request
 * started meanwhile; the flame graphs and numbers then use only the samples inside the
 * measured phase's window ({@link ProfileWindow}), which the JFR file's timestamps allow. Every
 * failure becomes "no profile" with its reason; none of them stops the load.
 */
final class RunProfiler {

    private final SidecarClient client;
    private final CaptureSettings settings;
    private final Consumer<String> events;
    private String failure;
    private boolean running;
    private boolean stopped;
    private Instant windowFrom;
    private Instant windowTo;

    private RunProfiler(SidecarClient client, CaptureSettings settings, String failure, Consumer<String> events) {
        this.client = client;
        this.settings = settings;
        this.failure = failure;
        this.events = events;
    }

    static RunProfiler using(SidecarClient client, CaptureSettings settings, Consumer<String> events) {
        return new RunProfiler(client, settings, null, events);
    }

    static RunProfiler none(String reason, Consumer<String> events) {
        return new RunProfiler(null, null, reason, events);
    }

    /**
     * Called before the load starts: samples from now on; the window counts from the load's start, which is the agreed
     * start {@code startAt} when it is still ahead once sampling runs, else now.
     */
    synchronized void start(ProfileWindow window, Instant startAt) {
        if (client == null || failure != null) {
            return;
        }
        JsonNode status = call("start", () -> client.start(settings));
        if (status == null) {
            return;
        }
        running = true;
        Instant now = Instant.now();
        Instant loadStart = startAt != null && startAt.isAfter(now) ? startAt : now;
        windowFrom = loadStart.plusSeconds(window.startSeconds());
        windowTo = loadStart.plusSeconds(window.stopSeconds());
        events.accept("profiler: sampling (" + settings.event() + ", " + settings.intervalMs() + " ms, " + (settings.samplesAllocation()
            ? "allocations every " + settings.allocBytes() + " bytes" : "no allocation sampling") + "); the profile keeps seconds "
            + window.startSeconds() + "-" + window.stopSeconds() + " of the load");
    }

    /** For a run too short to leave a window. */
    synchronized void skip(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    /** Stops sampling (at the end of the load, or earlier when the run is cut short). */
    synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (!running) {
            return;
        }
        running = false;
        if (call("stop", client::stop) != null) {
            events.accept("profiler: sampling stopped");
            Instant now = Instant.now();
            if (windowTo != null && windowTo.isAfter(now)) {
                windowTo = now; // cut short: keep what was sampled of the window
            }
        }
    }

    /** The window whose samples make the profile, once there is one; requests are counted inside it. */
    synchronized Instant windowFrom() {
        return failure == null ? windowFrom : null;
    }

    synchronized Instant windowTo() {
        return failure == null ? windowTo : null;
    }

    /** Stops sampling if needed and copies the window's artifacts into {@code dir}. */
    synchronized ProfileSection finish(Path dir, ToLongBiFunction<Instant, Instant> requestsInWindow) {
        stop();
        if (failure == null && windowFrom == null) {
            failure = "sampling never started";
        }
        if (failure == null && !windowTo.isAfter(windowFrom)) {
            failure = "the run ended before the capture window opened";
        }
        if (failure != null) {
            leaveSidecarStopped();
            return ProfileSection.none(failure);
        }
        try {
            JsonNode report = client.download(dir, windowFrom.toEpochMilli(), windowTo.toEpochMilli());
            List<String> files = new ArrayList<>();
            report.path("files").forEach(file -> files.add(dir.getFileName() + "/" + file.asText()));
            long requests = requestsInWindow.applyAsLong(windowFrom, windowTo);
            events.accept("profiler: " + report.path("samples").asLong() + " samples of the window copied into " + dir.getFileName() + "/"
                + (settings.samplesAllocation() ? "" : "; no allocation flame graph: allocation sampling is off (-Dmailbench.profiler.allocBytes=0)"));
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
