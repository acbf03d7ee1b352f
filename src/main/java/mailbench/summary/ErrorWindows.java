package mailbench.summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import mailbench.runfolder.ErrorWindow;

/**
 * When a run's KO responses happened: per-second counters of every request (warm-up and measured
 * alike, by request start), folded at the end into windows of seconds with KOs. Two KO seconds
 * belong to one window when at most {@link #MERGE_GAP_SECONDS} seconds without a KO lie between
 * them. Memory grows with the run's seconds, not its requests.
 */
public final class ErrorWindows {

    /** Seconds without a KO that still join two KO stretches into one window. */
    public static final int MERGE_GAP_SECONDS = 2;
    /** Error messages kept per window, most frequent first. */
    public static final int TOP_MESSAGES = 3;
    /** Distinct messages counted per second; more are counted as {@link #OTHER_MESSAGES}, so odd messages cannot grow memory. */
    static final int MESSAGES_PER_SECOND = 20;
    static final String OTHER_MESSAGES = "(other messages)";
    static final String NO_MESSAGE = "(no message)";




    private final Map<Long, Second> seconds = new HashMap<>();
    private long firstStart = Long.MAX_VALUE;

    /** The second of a run, counted from the epoch (the fold re-bases it on the first request). */
    private static final class Second {
        long requests;
        long ko;
        long warmUpKo;
        long firstKo = Long.MAX_VALUE;
        long lastKo = Long.MIN_VALUE;
        Map<String, Long> messages;
    }

    public void record(long startMillis, boolean ok, boolean warmUp, String error) {
        firstStart = Math.min(firstStart, startMillis);
        Second second = seconds.computeIfAbsent(Math.floorDiv(startMillis, 1000), s -> new Second());
        second.requests++;
        if (ok) {
            return;
        }
        second.ko++;
        second.warmUpKo += warmUp ? 1 : 0;
        second.firstKo = Math.min(second.firstKo, startMillis);
        second.lastKo = Math.max(second.lastKo, startMillis);
        if (second.messages == null) {
            second.messages = new HashMap<>();
        }
        String message = error == null || error.isBlank() ? NO_MESSAGE : error;
        if (second.messages.size() >= MESSAGES_PER_SECOND && !second.messages.containsKey(message)) {
            message = OTHER_MESSAGES;
        }
        second.messages.merge(message, 1L, Long::sum);
    }

    /** The windows in time order; empty when no request failed. */
    public List<ErrorWindow> windows() {
        TreeMap<Long, Second> ordered = new TreeMap<>(seconds);
        List<ErrorWindow> windows = new ArrayList<>();
        List<Second> current = new ArrayList<>();
        long lastKoSecond = Long.MIN_VALUE;
        for (Map.Entry<Long, Second> entry : ordered.entrySet()) {
            if (entry.getValue().ko == 0) {
                continue;
            }
            if (!current.isEmpty() && entry.getKey() - lastKoSecond - 1 > MERGE_GAP_SECONDS) {
                windows.add(fold(current, ordered, lastKoSecond));
                current = new ArrayList<>();
            }
            current.add(entry.getValue());
            lastKoSecond = entry.getKey();
        }
        if (!current.isEmpty()) {
            windows.add(fold(current, ordered, lastKoSecond));
        }
        return windows;
    }

    /** One window from its KO seconds; its request count covers every second from the first KO second to the last. */
    private ErrorWindow fold(List<Second> koSeconds, TreeMap<Long, Second> ordered, long lastKoSecond) {
        long start = koSeconds.get(0).firstKo;
        long end = koSeconds.get(koSeconds.size() - 1).lastKo;
        long requests = ordered.subMap(Math.floorDiv(start, 1000), true, lastKoSecond, true).values().stream()
            .mapToLong(s -> s.requests).sum();
        long ko = koSeconds.stream().mapToLong(s -> s.ko).sum();
        long warmUpKo = koSeconds.stream().mapToLong(s -> s.warmUpKo).sum();
        String phase = warmUpKo == 0 ? ErrorWindow.MEASURED : warmUpKo == ko ? ErrorWindow.WARM_UP : ErrorWindow.BOTH;
        return new ErrorWindow(start, end, sinceFirst(start), sinceFirst(end), phase, requests, ko, topMessages(koSeconds));
    }

    private double sinceFirst(long millis) {
        return Math.round((millis - firstStart) / 100.0) / 10.0;
    }

    private static List<ErrorWindow.Message> topMessages(List<Second> koSeconds) {
        Map<String, Long> counts = new HashMap<>();
        koSeconds.forEach(s -> s.messages.forEach((message, count) -> counts.merge(message, count, Long::sum)));
        return counts.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
            .limit(TOP_MESSAGES).map(e -> new ErrorWindow.Message(e.getKey(), e.getValue())).toList();
    }
}
