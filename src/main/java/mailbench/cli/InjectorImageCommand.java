package mailbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import mailbench.injectors.InjectorImage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mailbench injector-image}: the injector's image, from this checkout's build, FROM any local JRE 17 image. */
@Command(name = "injector-image", mixinStandardHelpOptions = true,
    header = "Build the injector's image (Gatling and the simulations) from this checkout's build.",
    description = {"Builds the image swarm-run launches and the Kubernetes Job runs (docker/injector.Dockerfile) from what",
        "mvn package built: target/classes, target/test-classes, the jars of target/injector-classpath.txt, feeders/.",
        "Nothing is resolved again; with a local --base no registry is needed.",
        "Exit code: 0 built, 2 refused or failed (no build, no engine, the base image missing)."})
final class InjectorImageCommand implements Callable<Integer> {

    @Option(names = "--base", description = "Any image with a JRE 17+ as java on the PATH (default: ${DEFAULT-VALUE})",
        defaultValue = "eclipse-temurin:17-jre")
    String base;

    @Option(names = "--tag", description = "The image's tag (default: ${DEFAULT-VALUE})", defaultValue = "mailbench-gatling:local")
    String tag;

    @Option(names = "--project-dir", description = "The built checkout (default: ${DEFAULT-VALUE})", defaultValue = ".")
    Path projectDir;

    @Option(names = "--docker", description = "The Docker client command (default: ${DEFAULT-VALUE})", defaultValue = "docker")
    String docker;

    @Override
    public Integer call() {
        return JobExit.of(() -> {
            InjectorImage.build(docker, projectDir, base, tag, line -> System.out.println("[injector-image] " + line));
            return 0;
        });
    }
}
