package mailbench.it.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The Maven that runs the tests, for tests that run {@code mvn gatling:test} as a user would. */
public final class MavenCommand {

    /**
     * What a test's {@code mvn gatling:test} passes: the build has compiled the Java tests already, and a child build that
     * compiled them again would rewrite classes another test JVM is loading (the pom's {@code simulationsOnly}).
     */
    public static final String SIMULATIONS_ONLY = "-DsimulationsOnly=true";

    private MavenCommand() {
    }

    public static String path() {
        String home = System.getProperty("maven.home");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn").toString();
        }
        return File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
    }

    /**
     * Runs {@code mvn -B -q gatling:test} with these {@code -D} properties, its output into {@code log}, without the
     * MAILBENCH_OPENSEARCH_* variables of this JVM (credentials come from the properties only); its exit code, or -1 when
     * it has not finished within 10 minutes (then it is stopped).
     */
    public static int gatlingTest(Path log, List<String> properties) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(path(), "-B", "-q", "gatling:test", SIMULATIONS_ONLY));
        command.addAll(properties);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(key -> key.startsWith("MAILBENCH_OPENSEARCH_"));
        Process mvn = builder.start();
        if (!mvn.waitFor(10, TimeUnit.MINUTES)) {
            mvn.destroyForcibly();
            return -1;
        }
        return mvn.exitValue();
    }
}
