package mailbench.runfolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import com.fasterxml.jackson.annotation.JsonInclude;

import mailbench.json.Json;

/**
 * run.json: what ran (simulation, variant, target, knobs, versions, machine), when, and how it
 * ended. Rewritten atomically at each step, so an interrupted run still says how far it got.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RunRecord {

    public String runId;
    public String simulation;
    public String variant;
    public String path;
    public String target;
    public String status;
    public String reason;
    public Instant start;
    public Instant end;
    public Instant measuredStart;
    public Instant measuredEnd;
    public Map<String, String> knobs = new LinkedHashMap<>();
    public Map<String, String> versions = new LinkedHashMap<>();
    public Map<String, Object> machine = new LinkedHashMap<>();
    /** The network profile's proxies and toxics, and the toxiproxy that made them; absent with the profile none. */
    public Map<String, Object> network;
    /** Requests the facade refused with 503 by itself during the load (warm-up included), per bound; absent when it does not tell. */
    public Map<String, Long> facadeRefused;
    /** {@code status} captured or none, {@code reason} when none, {@code folder} when captured. */
    public Map<String, String> profile;
    public List<Event> timeline = new ArrayList<>();

    /** One step of the run, in order. */
    public record Event(Instant at, String event) {
    }


    /** Whether there is a profile: its status, and its folder or the reason there is none. */
    public void profile(ProfileSection section) {
        profile = new LinkedHashMap<>();
        profile.put("status", section.status());
        if (section.reason() != null) {
            profile.put("reason", section.reason());
        } else {
            profile.put("folder", RunFolder.PROFILE);
        }
    }

    /**
     * A whole-number knob as the run had it (run.json keeps every knob as its -D text), the one place a reader parses one;
     * empty when the run did not record it or it is no whole number (a run folder written by hand).
     */
    public OptionalLong wholeKnob(String name) {
        String value = knobs == null ? null : knobs.get(name);
        if (value == null || !value.strip().matches("-?\\d{1,18}")) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(value.strip()));
    }

    public synchronized void event(String event) {
        timeline.add(new Event(Instant.now(), event));
    }

    public synchronized void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
