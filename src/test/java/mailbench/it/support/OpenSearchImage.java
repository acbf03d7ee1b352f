package mailbench.it.support;

import java.nio.file.Files;
import java.nio.file.Path;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

import com.github.dockerjava.api.exception.NotFoundException;

import mailbench.cli.MailbenchMain;
import mailbench.stack.StackOptions;

/**
 * The OpenSearch image the container tests start: the project's own node image (docker/prebuilt.Dockerfile, target
 * {@code node}), built here from this build's jar and the node's jars, or the image {@code -Dmailbench.it.opensearchImage}
 * names (e.g. the official one). Built on every run: the engine's layer cache makes it seconds when nothing changed, and
 * the test then checks the Dockerfile and the jar of this checkout, not an image left from another.
 */
public final class OpenSearchImage {

    /** The node image's tag, as docs/docker.adoc builds it by hand. */
    public static final String NODE_IMAGE = "mailbench-opensearch:" + StackOptions.DEFAULT_OPENSEARCH_VERSION;
    /** The base docker/debian-bases.sh makes; used when it exists, else the Dockerfile's default (the official JRE image). */
    static final String DEBIAN_BASE = "mailbench-base:jre17";
    static final String OFFICIAL_BASE = "eclipse-temurin:17-jre";

    private static final Path ROOT = Path.of("").toAbsolutePath();

    private OpenSearchImage() {
    }

    /** Skip reason of a container test; no engine is the only case one may skip ({@code @EnabledIf(ENGINE)}). */
    public static final String NO_ENGINE = "no Docker engine answers: start one (docs/docker.adoc, The engine); where one answers,"
        + " the container tests run";
    /** The condition of {@code @EnabledIf} on a container test class. */
    public static final String ENGINE = "mailbench.it.support.OpenSearchImage#engineAnswers";

    /** Whether a Docker engine answers; a class disabled on this shows as skipped, with {@link #NO_ENGINE}, in the test report. */
    public static boolean engineAnswers() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    /** The image to start; an image that cannot be built fails with the fix, never a skip: the engine is there. */
    public static String get() {
        String given = System.getProperty("mailbench.it.opensearchImage", "");
        if (!given.isBlank()) {
            return given;
        }
        String base = System.getProperty("mailbench.it.baseImage", "");
        if (base.isBlank()) {
            base = present(DEBIAN_BASE) ? DEBIAN_BASE : OFFICIAL_BASE;
        }
        Path jar = ROOT.resolve("target/mailbench.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no " + jar + ": the node image is made from the packaged jar; run mvn verify (or mvn package first)");
        }
        Path nodeLib = ROOT.resolve("target/node-lib");
        int exit = MailbenchMain.run("node-lib", "--out", nodeLib.toString());
        if (exit != 0) {
            throw new IllegalStateException("mailbench node-lib exited " + exit + ": the node's jars could not be resolved (see above)");
        }
        try {
            return new ImageFromDockerfile(NODE_IMAGE, false)
                .withFileFromPath("Dockerfile", ROOT.resolve("docker/prebuilt.Dockerfile"))
                .withFileFromPath("target/mailbench.jar", jar)
                .withFileFromPath("target/node-lib", nodeLib)
                .withTarget("node")
                .withBuildArg("RUNTIME_IMAGE", base)
                .get();
        } catch (RuntimeException e) {
            throw new IllegalStateException("could not build " + NODE_IMAGE + " from docker/prebuilt.Dockerfile on " + base + ": " + e.getMessage()
                + ". Where no registry answers, make the Debian bases first (sudo docker/debian-bases.sh, docs/docker.adoc), or name a"
                + " ready image with -Dmailbench.it.opensearchImage=<image>", e);
        }
    }

    static boolean present(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
