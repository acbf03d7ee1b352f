package mailbench.it.support;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mailbench.knobs.Knobs;
import mailbench.stack.AppClasspath;
import mailbench.stack.ChildJvm;

/** JVMs the profiler tests profile: the hot-spot demo and a real facade, each in its own process. */
public final class TargetJvm {

    /** A started JVM and the URL it announced. */
    public record Started(ChildJvm jvm, URI url) implements AutoCloseable {
        @Override
        public void close() {
            jvm.close();
        }
    }

    private TargetJvm() {
    }

    /** The hot-spot demo with extra JVM options (e.g. -XX:+DisableAttachMechanism). */
    public static ChildJvm hotSpotDemo(Path workDir, String... jvmArgs) throws Exception {
        List<Path> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
        ChildJvm demo = ChildJvm.start("hot-spot-demo", List.of(jvmArgs), classpath, HotSpotDemo.class.getName(),
            List.of(Long.toString(ProcessHandle.current().pid())), workDir);
        // attached before its main method runs, a JVM may not answer the attach yet: wait for the demo's first line
        Path log = workDir.resolve("hot-spot-demo.log");
        await("the hot-spot demo running, see " + log).atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50))
            .until(() -> Files.exists(log) && Files.readString(log).contains(HotSpotDemo.RUNNING));
        return demo;
    }

    /** A facade in front of the suite's OpenSearch node, started as the local stack starts it. */
    public static Started facade(Path workDir, List<String> facadeArgs) throws Exception {
        return facade(workDir, AppClasspath.runtime(), facadeArgs);
    }

    /** The same on another classpath (another opensearch-java). */
    public static Started facade(Path workDir, List<Path> classpath, List<String> facadeArgs) throws Exception {
        return facade(workDir, SharedNode.url(), classpath, facadeArgs);
    }

    /**
     * The same in front of another OpenSearch. Its JVM compiles with C1 only, as the suite's other facades
     * ({@link FacadeProcess}): the tests that use it check what it answers and that a profile of it parses.
     */
    public static Started facade(Path workDir, URI opensearch, List<Path> classpath, List<String> facadeArgs) throws Exception {
        return facade(workDir, opensearch, classpath, facadeArgs, true);
    }

    /** The same on the JVM's default compilers, as the local stack runs it: for a test that reads the shares of its profile. */
    public static Started facadeTiered(Path workDir, List<Path> classpath, List<String> facadeArgs) throws Exception {
        return facade(workDir, SharedNode.url(), classpath, facadeArgs, false);
    }

    private static Started facade(Path workDir, URI opensearch, List<Path> classpath, List<String> facadeArgs, boolean c1)
        throws Exception {
        List<String> args = new ArrayList<>(List.of("facade", "--opensearch", opensearch.toString(), "--port", "0",
            "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        args.addAll(facadeArgs);
        List<String> jvmArgs = new ArrayList<>(List.of("-Xmx256m", "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints"));
        if (c1) {
            jvmArgs.add(Knobs.C1_ONLY);
        }
        ChildJvm facade = ChildJvm.start("facade", jvmArgs, classpath, "mailbench.cli.MailbenchMain", args, workDir);
        return new Started(facade, URI.create(facade.awaitReady(Duration.ofMinutes(1)).get("url").asText()));
    }

    /** A sidecar started by hand, as an operator does on staging: {@code mailbench profiler serve}. */
    public static Started sidecar(Path workDir, long targetPid, Path tokenFile) throws Exception {
        ChildJvm sidecar = ChildJvm.start("profiler", List.of("-Xmx128m", Knobs.C1_ONLY), AppClasspath.runtime(), "mailbench.cli.MailbenchMain",
            List.of("profiler", "serve", "--pid", Long.toString(targetPid), "--port", "0", "--out", workDir.resolve("captures").toString(),
                "--library-dir", Path.of("target", "async-profiler").toAbsolutePath().toString(), "--token-file", tokenFile.toString(),
                "--ready-file", "{ready}", "--parent-pid", Long.toString(ProcessHandle.current().pid())),
            workDir);
        return new Started(sidecar, URI.create(sidecar.awaitReady(Duration.ofMinutes(1)).get("url").asText()));
    }
}
