package mailbench.profiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The artifacts of a {@link ProfilerSidecar}'s last stopped capture, converted from its JFR file for a window of time.
 * One conversion at a time, under a lock of its own: a conversion takes seconds of CPU, and the sidecar's status, start
 * and stop must not wait for it. This lock is taken before the sidecar's, never while holding it.
 */
final class CaptureConversions {

    private final ProfilerSidecar sidecar;
    /** The last conversion, its files moved into its capture's folder; null before the first. */
    private Converted converted;

    /** A published conversion: the capture folder its files are in, the window asked for, and its report. */
    private record Converted(Path capture, ProfilerSidecar.Window window, ProfileReport report) {
    }

    CaptureConversions(ProfilerSidecar sidecar) {
        this.sidecar = sidecar;
    }

    /**
     * The artifacts of the last stopped capture, from the samples inside {@code window} only (the JFR file keeps every
     * sample's time). Converted when first asked for this window, into a folder of its own, then moved beside the JFR file
     * (a rename each: a download of the previous window's file goes on reading that file).
     */
    synchronized ProfileReport artifacts(ProfilerSidecar.Window window) throws IOException {
        ProfilerSidecar.Stopped stopped = sidecar.stopped();
        if (converted != null && converted.capture().equals(stopped.capture()) && converted.window().equals(window)) {
            return converted.report();
        }
        Instant from = window.fromMillis() == null ? stopped.startedAt() : latest(stopped.startedAt(), Instant.ofEpochMilli(window.fromMillis()));
        Instant to = window.toMillis() == null ? stopped.stoppedAt() : earliest(stopped.stoppedAt(), Instant.ofEpochMilli(window.toMillis()));
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("the window " + from + " - " + to + " holds no part of the capture ("
                + stopped.startedAt() + " - " + stopped.stoppedAt() + ")");
        }
        Long targetCpuMs = stopped.cpu().between(from.toEpochMilli(), to.toEpochMilli());
        Path staging = Files.createTempDirectory(stopped.capture(), ".converting-");
        try {
            ProfileReport report = ProfileConverter.convert(stopped.capture().resolve(ProfileConverter.JFR), staging, stopped.settings(),
                sidecar.pid(), from, to, targetCpuMs);
            publish(stopped.capture(), staging, report);
            converted = new Converted(stopped.capture(), window, report);
            return report;
        } finally {
            deleteQuietly(staging);
        }
    }

    /** A file of the last conversion of the current capture, if it is one of its artifacts; converts the whole capture when nothing was yet. */
    synchronized Optional<Path> artifact(String name) throws IOException {
        Converted current = converted != null && sidecar.isCurrentStopped(converted.capture()) ? converted : null;
        if (current == null) {
            artifacts(ProfilerSidecar.Window.WHOLE);
            current = converted;
        }
        return current.report().files().contains(name) ? Optional.of(current.capture().resolve(name)) : Optional.empty();
    }

    private static void publish(Path capture, Path staging, ProfileReport report) throws IOException {
        for (String name : report.files()) {
            if (!name.equals(ProfileConverter.JFR)) {
                Files.move(staging.resolve(name), capture.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover folder of a conversion is no artifact: nothing lists it
        }
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
