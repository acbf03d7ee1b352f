package mailbench.nightly;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a run in progress is, read from its Maven log: the stage from mailbench's own lines and the
 * elapsed time and OK/KO counts from Gatling's console blocks. A log it does not recognise says nothing.
 */
final class RunProgress {

    private static final String MAILBENCH = "[mailbench] ";
    private static final Pattern GATLING_ELAPSED = Pattern.compile("\\s(\\d+)s elapsed\\s*$");
    private static final int MAX_READ = 8 << 20;
    private static final Pattern GATLING_GLOBAL = Pattern.compile("^> Global\\s+\\(OK=(\\d+)\\s+KO=(\\d+)\\s*\\)");

    private String stage;
    private Long gatlingSeconds;
    private Long ok;
    private Long ko;
    private long offset;

    /** Takes one line of the log into account. */
    void accept(String line) {
        if (line.startsWith(MAILBENCH)) {
            stage = stageOf(line.substring(MAILBENCH.length()), stage);
            return;
        }
        Matcher elapsed = GATLING_ELAPSED.matcher(line);
        if (elapsed.find()) {
            gatlingSeconds = Long.parseLong(elapsed.group(1));
            if (!"finishing".equals(stage)) {
                stage = "load";
            }
            return;
        }
        Matcher global = GATLING_GLOBAL.matcher(line);
        if (global.find()) {
            ok = Long.parseLong(global.group(1));
            ko = Long.parseLong(global.group(2));
        }
    }

    private static String stageOf(String line, String current) {
        if (line.startsWith("load starting") || line.startsWith("agreed start reached") || line.startsWith("late for the agreed start")) {
            return "load";
        }
        if (line.startsWith("load finished") || line.startsWith("stopping the local stack") || line.startsWith("Gatling report")
            || (line.startsWith("run folder:") && line.endsWith(")"))) {
            // the closing "run folder: X (status)"; the opening one has no status, and a target run prints lines before it
            return "finishing";
        }
        if (line.startsWith("local stack ready")) {
            return "stack ready";
        }
        if (line.startsWith("waiting ") && line.contains(" for the agreed start")) {
            return "waiting for the agreed start";
        }
        if (line.startsWith("run folder:")) {
            return "starting";
        }
        // the local stack's own progress (facade up, warming the search path, profiler) comes before the load
        return current == null || "starting".equals(current) ? "stack" : current;
    }

    /** Reads the lines appended to {@code log} since the last call; a log not there yet is no progress. */
    void follow(Path log) {
        if (!Files.isRegularFile(log)) {
            return;
        }
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            if (length <= offset) {
                return;
            }
            byte[] bytes = new byte[(int) Math.min(length - offset, MAX_READ)];
            file.seek(offset);
            file.readFully(bytes);
            int end = bytes.length - 1;
            while (end >= 0 && bytes[end] != '\n') {
                end--;
            }
            if (end < 0 && bytes.length < MAX_READ) {
                return; // half a line: read it whole at the next tick
            }
            int used = end < 0 ? bytes.length : end + 1;
            offset += used;
            new String(bytes, 0, used, StandardCharsets.UTF_8).lines().forEach(this::accept);
        } catch (IOException e) {
            // the progress line is a courtesy: a log that cannot be read now is read at the next tick
        }
    }

    /** The progress line's text after "in progress: ", e.g. "185 s, Gatling 120s elapsed, OK 59000 KO 0 (stage: load)". */
    String describe(long elapsedSeconds) {
        StringBuilder line = new StringBuilder().append(elapsedSeconds).append(" s");
        if (gatlingSeconds != null) {
            line.append(", Gatling ").append(gatlingSeconds).append("s elapsed");
        }
        if (ok != null) {
            line.append(", OK ").append(ok).append(" KO ").append(ko);
        }
        if (stage != null) {
            line.append(" (stage: ").append(stage).append(')');
        }
        return line.toString();
    }
}
