package mailbench.it.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import mailbench.knobs.Knobs;

/** The Maven that runs the tests, for tests that run {@code mvn gatling:test} as a user would. */
public final class MavenCommand {

    /**
     * What a test's {@code mvn gatling:test} passes: the build has compiled the Java tests already, and a child build that
     * compiled them again would rewrite classes another test JVM is loading (the pom's {@code simulationsOnly}).
     */
    public static final String SIMULATIONS_ONLY = "-DsimulationsOnly=true";

    /**
     * And what it passes beside it: the build compiled the simulations too, so the child build skips the steps that would
     * only confirm it (the pom's profile simulations-compiled): about 3.4 s less of each run's Maven CPU on the 2-core VM.
     */
    public static final String SIMULATIONS_COMPILED = "-DsimulationsCompiled=true";

    private static final String FACADE_JVM_ARGS = "-D" + Knobs.FACADE_JVM_ARGS.name() + "=";

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
     * These {@code -D} properties with Gatling's JVM ({@code -Dmailbench.gatling.jit=c1}, the pom's profile gatling-c1),
     * a local stack's facade (added to a given {@code -Dmailbench.facade.jvmArgs}) and its node
     * ({@code -Dmailbench.opensearch.jit=c1}) compiling with C1 only, as the suite's own nodes do ({@link SharedNode#JIT}).
     * The suite's runs check behaviour, never speed, and on a 2-core host C2's compile threads in the JVMs of each run
     * take CPU the other test JVM's runs wait for.
     */
    public static List<String> onC1(List<String> properties) {
        List<String> withC1 = new ArrayList<>();
        boolean facadeArgs = false;
        for (String property : properties) {
            if (property.startsWith(FACADE_JVM_ARGS)) {
                withC1.add(property + " " + Knobs.C1_ONLY);
                facadeArgs = true;
            } else {
                withC1.add(property);
            }
        }
        if (!facadeArgs) {
            withC1.add(FACADE_JVM_ARGS + Knobs.C1_ONLY);
        }
        withC1.add("-D" + Knobs.GATLING_JIT.name() + "=c1");
        withC1.add("-D" + Knobs.OPENSEARCH_JIT.name() + "=c1");
        return withC1;
    }

    /**
     * Runs {@code mvn -B -q gatling:test} with these {@code -D} properties, its output into {@code log}, without the
     * MAILBENCH_OPENSEARCH_* variables of this JVM (credentials come from the properties only); its exit code, or -1 when
     * it has not finished within 10 minutes (then it is stopped). Its JVMs compile with C1 only ({@link #onC1}).
     */
    public static int gatlingTest(Path log, List<String> properties) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(path(), "-B", "-q", "gatling:test", SIMULATIONS_ONLY, SIMULATIONS_COMPILED));
        command.addAll(onC1(properties));
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
