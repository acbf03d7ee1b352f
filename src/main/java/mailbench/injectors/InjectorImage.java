package mailbench.injectors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import mailbench.errors.ToolError;

/**
 * The injector's image, assembled from what {@code mvn package} built (its classes, the compiled simulations and the
 * jars of target/injector-classpath.txt) plus the checked-in feeders, FROM any JRE 17 image: nothing is resolved again,
 * and no registry is needed when the base image is local (docker/injector.Dockerfile).
 */
public final class InjectorImage {

    static final String DEFAULT_TAG = "mailbench-gatling:local";
    static final String DEFAULT_BASE = "eclipse-temurin:17-jre";
    static final String DOCKERFILE = "docker/injector.Dockerfile";
    static final String CLASSPATH_FILE = "target/injector-classpath.txt";
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);

    private final DockerCli docker;
    private final Path project;
    private final Consumer<String> say;

    InjectorImage(DockerCli docker, Path project, Consumer<String> say) {
        this.docker = docker;
        this.project = project.toAbsolutePath().normalize();
        this.say = say;
    }

    /** Builds {@code tag} FROM {@code base} with the {@code docker} command, from the build of the checkout {@code project}. */
    public static void build(String docker, Path project, String base, String tag, Consumer<String> say)
        throws IOException, InterruptedException {
        new InjectorImage(new DockerCli(docker), project, say).build(base, tag);
    }

    /** Builds {@code tag} FROM {@code base}; the context is left in target/injector-image for a look. */
    void build(String base, String tag) throws IOException, InterruptedException {
        Path context = assemble(project.resolve("target/injector-image"));
        say.accept("building " + tag + " FROM " + base + " (context " + context + ")");
        docker.ok(BUILD_TIMEOUT, "build", "--pull=false", "--build-arg", "BASE=" + base, "-t", tag, "-f",
            context.resolve("Dockerfile").toString(), context.toString());
        say.accept("built " + tag);
    }

    /** The build context: lib/, classes/, test-classes/, feeders/ and the Dockerfile, made afresh from the build's outputs. */
    Path assemble(Path context) throws IOException {
        Path classpath = project.resolve(CLASSPATH_FILE);
        Path classes = project.resolve("target/classes");
        Path testClasses = project.resolve("target/test-classes");
        for (Path needed : List.of(classpath, classes.resolve("mailbench"), testClasses.resolve("mailbench/gatling"))) {
            if (!Files.exists(needed)) {
                throw new ToolError("no " + project.relativize(needed) + ": build first with mvn package -DskipTests (the image is made"
                    + " from the compiled simulations and their jars)");
            }
        }
        deleteTree(context);
        Files.createDirectories(context.resolve("lib"));
        Map<String, Path> jars = new HashMap<>();
        for (String entry : Files.readString(classpath).strip().split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            Path other = jars.putIfAbsent(jar.getFileName().toString(), jar);
            if (other != null) {
                throw new ToolError("two jars of the injector's classpath share the name " + jar.getFileName() + " (" + other + ", " + jar
                    + "): the image's lib/ folder cannot hold both");
            }
            link(jar, context.resolve("lib").resolve(jar.getFileName()));
        }
        copyTree(classes, context.resolve("classes"));
        copyTree(testClasses, context.resolve("test-classes"));
        copyTree(project.resolve("feeders"), context.resolve("feeders"));
        Files.copy(project.resolve(DOCKERFILE), context.resolve("Dockerfile"));
        say.accept("image context: " + jars.size() + " jars, the classes, the simulations and the feeders");
        return context;
    }

    /** A hard link where the file system allows it (the jars are many and large), else a copy. */
    private static void link(Path from, Path to) throws IOException {
        try {
            Files.createLink(to, from);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(from, to);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.forEach(paths::add);
        }
        for (int i = paths.size() - 1; i >= 0; i--) {
            Files.delete(paths.get(i));
        }
    }
}
