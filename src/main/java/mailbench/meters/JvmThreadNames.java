package mailbench.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running JVM's thread names in full, by OS thread id, from {@code jcmd PID Thread.print}: the OS keeps 15 characters
 * of a name. Only JVMs are asked, since jcmd's attach sends SIGQUIT, which ends most other programs.
 */
final class JvmThreadNames {

    /** A thread dump line: {@code "name" #12 daemon prio=5 os_prio=0 cpu=1.2ms elapsed=3s tid=0x... nid=0x1a2b waiting}. */
    private static final Pattern DUMP_LINE = Pattern.compile("^\"(.*)\"\\s.*\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b.*");
    private static final long ANSWER_SECONDS = 15;

    private JvmThreadNames() {
    }

    /** The names {@code pid} gives within 15 s; empty when it does not answer or this JDK has no jcmd. */
    static Map<Long, String> ask(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return Map.of();
        }
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            List<String> out = new ArrayList<>();
            Thread reader = new Thread(() -> process.inputReader().lines().forEach(out::add), "thread-names");
            reader.setDaemon(true);
            reader.start();
            if (!process.waitFor(ANSWER_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Map.of();
            }
            reader.join(2_000);
            return parseThreadDump(out);
        } catch (IOException e) {
            return Map.of(); // no JDK tools here: the short names stay
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    /** Java thread names by OS thread id, from a {@code jcmd PID Thread.print} dump. */
    static Map<Long, String> parseThreadDump(List<String> lines) {
        Map<Long, String> byTid = new HashMap<>();
        for (String line : lines) {
            Matcher m = DUMP_LINE.matcher(line);
            if (m.matches()) {
                String nid = m.group(2);
                byTid.put(nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid), m.group(1));
            }
        }
        return byTid;
    }

    /**
     * Whether {@code pid} runs a {@code java} launcher. jcmd attaches by sending SIGQUIT, which ends a process that is not a
     * JVM: toxiproxy-server dumped its goroutines and exited, and the run's last readings through it were lost.
     */
    static boolean isJvm(long pid) {
        return ProcessHandle.of(pid).flatMap(process -> process.info().command())
            .map(command -> Path.of(command).getFileName().toString().equals("java")).orElse(false);
    }
}
