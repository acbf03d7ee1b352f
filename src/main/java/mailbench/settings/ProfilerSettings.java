package mailbench.settings;

import static mailbench.settings.KnobReaders.caFile;

import java.net.URI;
import java.nio.file.Path;

import mailbench.access.TlsTrust;
import mailbench.knobs.Knobs;
import mailbench.profiler.CaptureSettings;

/** Whether and how the facade is profiled; {@code url} is set for a staging sidecar. */
public record ProfilerSettings(boolean enabled, URI url, Path tokenFile, CaptureSettings settings, int trimSeconds, Path ca) {

    /** Trusting the JDK's CAs for an https sidecar. */
    public ProfilerSettings(boolean enabled, URI url, Path tokenFile, CaptureSettings settings, int trimSeconds) {
        this(enabled, url, tokenFile, settings, trimSeconds, null);
    }

    /** The CAs an https sidecar's certificate is checked against. */
    public TlsTrust trust() {
        return ca == null ? TlsTrust.JDK_DEFAULT : new TlsTrust(ca, null, null);
    }

    static ProfilerSettings read() {
        int intervalMs = Knobs.PROFILER_INTERVAL.intValue(1, CaptureSettings.MAX_INTERVAL_MS);
        String event;
        try {
            event = CaptureSettings.requireEvent(Knobs.PROFILER_EVENT.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.PROFILER_EVENT.name() + ": " + e.getMessage());
        }
        long allocBytes = CaptureSettings.parseAllocBytes(Knobs.PROFILER_ALLOC_BYTES.value(), "-D" + Knobs.PROFILER_ALLOC_BYTES.name());
        CaptureSettings settings;
        try {
            settings = new CaptureSettings(event, intervalMs, allocBytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + Knobs.PROFILER_INTERVAL.name() + ": " + e.getMessage());
        }
        String tokenFile = Knobs.PROFILER_TOKEN_FILE.value();
        ProfilerSettings profiling = new ProfilerSettings(Knobs.PROFILER.booleanValue(), KnobReaders.url(Knobs.PROFILER_URL),
            tokenFile.isEmpty() ? null : Path.of(tokenFile), settings, Knobs.PROFILER_TRIM.intValue(0, 3_600), caFile(Knobs.PROFILER_CA));
        profiling.trust().sslContext("-D" + Knobs.PROFILER_CA.name(), "-D" + Knobs.PROFILER_CA.name());
        return profiling;
    }
}
