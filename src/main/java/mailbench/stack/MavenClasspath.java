package mailbench.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.util.artifact.JavaScopes;

import eu.maveniverse.maven.mima.context.Context;
import eu.maveniverse.maven.mima.context.ContextOverrides;
import eu.maveniverse.maven.mima.context.Runtimes;

/**
 * Resolves a runtime classpath for Maven coordinates, the way Maven does (user settings, local
 * repository, Maven Central), so a child JVM can run a library set that must not meet ours.
 */
public final class MavenClasspath {

    private MavenClasspath() {
    }

    /** Resolved jars, keyed by {@code groupId:artifactId}, in resolution order. */
    public static Map<String, ResolvedJar> resolve(List<String> coordinates) {
        ContextOverrides overrides = ContextOverrides.create().withUserSettings(true).build();
        try (Context context = Runtimes.INSTANCE.getRuntime().create(overrides)) {
            CollectRequest collect = new CollectRequest();
            for (String coordinate : coordinates) {
                collect.addDependency(new Dependency(new DefaultArtifact(coordinate), JavaScopes.RUNTIME));
            }
            collect.setRepositories(context.remoteRepositories());
            List<ArtifactResult> results = context.repositorySystem()
                .resolveDependencies(context.repositorySystemSession(), new DependencyRequest(collect, null))
                .getArtifactResults();
            Map<String, ResolvedJar> jars = new LinkedHashMap<>();
            for (ArtifactResult result : results) {
                var artifact = result.getArtifact();
                jars.put(artifact.getGroupId() + ":" + artifact.getArtifactId(),
                    new ResolvedJar(artifact.getVersion(), artifact.getFile().toPath()));
            }
            return jars;
        } catch (DependencyResolutionException e) {
            throw new IllegalStateException("Could not resolve " + coordinates + " from the Maven repositories"
                + " (is Maven Central reachable, or the local repository filled by a previous run?): " + e.getMessage(), e);
        }
    }

    /** One artifact alone, without its dependencies (e.g. a plugin zip, {@code group:artifact:zip:version}). */
    public static Path artifact(String coordinate) {
        ContextOverrides overrides = ContextOverrides.create().withUserSettings(true).build();
        try (Context context = Runtimes.INSTANCE.getRuntime().create(overrides)) {
            ArtifactRequest request = new ArtifactRequest(new DefaultArtifact(coordinate), context.remoteRepositories(), null);
            return context.repositorySystem().resolveArtifact(context.repositorySystemSession(), request).getArtifact().getFile().toPath();
        } catch (ArtifactResolutionException e) {
            throw new IllegalStateException("Could not resolve " + coordinate + " from the Maven repositories: " + e.getMessage(), e);
        }
    }

    public static List<Path> paths(Map<String, ResolvedJar> jars) {
        List<Path> paths = new ArrayList<>();
        jars.values().forEach(jar -> paths.add(jar.path()));
        return paths;
    }

    /** One resolved artifact. */
    public record ResolvedJar(String version, Path path) {
    }
}
