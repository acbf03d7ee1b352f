package mailbench.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The stop-the-world time of a JVM, read from its unified safepoint log ({@code -Xlog:safepoint} with {@code utctime}):
 * every safepoint (GC pauses included) with when it ended and how long all Java threads stood still. A run's error
 * window that overlaps a long pause of the node or of the facade is named by it.
 */
public final class JvmPauses {

    /** One safepoint: when it ended (epoch ms), how long it took in all (ms), and why. */
    public record Pause(long endMillis, double totalMs, String operation) {
    }

    // [2026-11-23T16:19:03.123+0000][300.123s][info][safepoint] Safepoint "G1CollectForAllocation", Time since last: ..., Total: 1234567 ns
    private static final Pattern SAFEPOINT = Pattern.compile(
        "^\\[([^\\]]+)\\].*\\[safepoint\\s*\\] Safepoint \"([^\"]+)\".*Total: (\\d+) ns");
    private static final DateTimeFormatter UTCTIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private final List<Pause> pauses;

    private JvmPauses(List<Pause> pauses) {
        this.pauses = List.copyOf(pauses);
    }

    /** The pauses in a log; none when the file is missing or unreadable (a run on a target has no such log). */
    public static JvmPauses read(Path log) {
        if (log == null || !Files.isRegularFile(log)) {
            return new JvmPauses(List.of());
        }
        try (Stream<String> lines = Files.lines(log)) {
            return parse(lines.toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            return new JvmPauses(List.of());
        }
    }

    public static JvmPauses parse(List<String> lines) {
        List<Pause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher m = SAFEPOINT.matcher(line);
            if (m.find()) {
                try {
                    long end = OffsetDateTime.parse(m.group(1), UTCTIME).toInstant().toEpochMilli();
                    pauses.add(new Pause(end, Long.parseLong(m.group(3)) / 1_000_000.0, m.group(2)));
                } catch (DateTimeParseException | NumberFormatException e) {
                    // a line of another decoration: skipped
                }
            }
        }
        return new JvmPauses(pauses);
    }

    /** Milliseconds stopped in safepoints that ended in [from, to] (epoch ms). */
    public double stoppedMs(long fromMillis, long toMillis) {
        return pauses.stream().filter(p -> p.endMillis() >= fromMillis && p.endMillis() <= toMillis).mapToDouble(Pause::totalMs).sum();
    }

    /** The longest pause that ended in [from, to], or null. */
    public Pause longest(long fromMillis, long toMillis) {
        return pauses.stream().filter(p -> p.endMillis() >= fromMillis && p.endMillis() <= toMillis)
            .max(java.util.Comparator.comparingDouble(Pause::totalMs)).orElse(null);
    }

    public List<Pause> pauses() {
        return pauses;
    }
}
