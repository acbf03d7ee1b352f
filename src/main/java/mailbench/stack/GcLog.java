package mailbench.stack;

import java.nio.file.Path;

/** The unified-logging option that writes a JVM's GC pauses and safepoints to a file (JDK 9+), as OpenSearch's distribution does. */
final class GcLog {

    private GcLog() {
    }

    /** Wall-clock and uptime on each line, so a pause can be put beside Gatling's error windows. */
    static String option(Path file) {
        return "-Xlog:gc*,safepoint:file=" + file.toAbsolutePath() + ":utctime,uptime,level,tags:filecount=0";
    }
}
