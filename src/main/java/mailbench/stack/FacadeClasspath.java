package mailbench.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

import mailbench.facade.opensearch.ClientPatches;

/**
 * The facade's classpath, with another opensearch-java swapped in when a variant asks for one.
 * The facade is compiled against the pinned version and uses only API that 2.2.0 and 3.x also
 * have, so the same classes run on all; the variant's jars go first, ahead of a jar whose
 * manifest still lists the pinned ones (running from mailbench.jar). A client that asks for a
 * newer HTTP stack than ours (3.x: httpclient5 5.6, httpcore5 5.4) gets it, as an application that
 * upgrades the client does; an older one (2.2.0 asks for 5.1) keeps ours, which the facade is built on.
 */
public final class FacadeClasspath {

    static final String CLIENT = "org.opensearch.client:opensearch-java";
    static final List<String> HTTP_STACK = List.of("org.apache.httpcomponents.client5:httpclient5",
        "org.apache.httpcomponents.core5:httpcore5", "org.apache.httpcomponents.core5:httpcore5-h2");
    private static final Pattern JAR = Pattern.compile("(.+?)-([0-9][^/]*)\\.jar");

    private FacadeClasspath() {
    }

    /**
     * The classpath of a facade started with {@code facadeArgs}: a client patch it asks for ({@link ClientPatches#OPTION})
     * goes first, ahead of the client it patches.
     */
    public static List<Path> of(String opensearchJava, List<String> facadeArgs) {
        List<Path> classpath = of(opensearchJava);
        String patch = clientPatch(facadeArgs);
        if (patch == null) {
            return classpath;
        }
        List<Path> patched = new ArrayList<>(List.of(ClientPatches.folder(patch)));
        patched.addAll(classpath);
        return patched;
    }

    /** The patch {@code facadeArgs} name ({@code --client-patch NAME} or {@code --client-patch=NAME}), or null. */
    static String clientPatch(List<String> facadeArgs) {
        for (int i = 0; i < facadeArgs.size(); i++) {
            String arg = facadeArgs.get(i);
            if (arg.equals(ClientPatches.OPTION) && i + 1 < facadeArgs.size()) {
                return facadeArgs.get(i + 1);
            }
            if (arg.startsWith(ClientPatches.OPTION + "=")) {
                return arg.substring(ClientPatches.OPTION.length() + 1);
            }
        }
        return null;
    }

    /** {@code opensearchJava} null keeps the pinned version. */
    public static List<Path> of(String opensearchJava) {
        List<Path> runtime = AppClasspath.runtime();
        if (opensearchJava == null) {
            return runtime;
        }
        Map<String, MavenClasspath.ResolvedJar> resolved = MavenClasspath.resolve(List.of(CLIENT + ":" + opensearchJava));
        List<Path> jars = new ArrayList<>(List.of(resolved.get(CLIENT).path()));
        Map<String, String> ours = versions(runtime);
        for (String coordinate : HTTP_STACK) {
            MavenClasspath.ResolvedJar theirs = resolved.get(coordinate);
            String our = ours.get(coordinate.substring(coordinate.indexOf(':') + 1));
            if (theirs != null && our != null && newer(theirs.version(), our)) {
                jars.add(theirs.path());
            }
        }
        return swap(runtime, jars);
    }

    /** {@code jars} first, then the runtime classpath without the jars of the same artifacts. */
    static List<Path> swap(List<Path> runtime, List<Path> jars) {
        List<String> replaced = jars.stream().map(FacadeClasspath::artifact).toList();
        List<Path> classpath = new ArrayList<>(jars);
        for (Path entry : runtime) {
            if (!replaced.contains(artifact(entry))) {
                classpath.add(entry);
            }
        }
        return classpath;
    }

    /** Artifact id to version of the jars on a classpath, read from their file names; a jar's manifest Class-Path counts too. */
    static Map<String, String> versions(List<Path> classpath) {
        Map<String, String> versions = new HashMap<>();
        for (Path entry : classpath) {
            Matcher matcher = JAR.matcher(entry.getFileName().toString());
            if (matcher.matches()) {
                versions.putIfAbsent(matcher.group(1), matcher.group(2));
            }
            for (String listed : manifestClassPath(entry)) {
                Matcher inManifest = JAR.matcher(listed.substring(listed.lastIndexOf('/') + 1));
                if (inManifest.matches()) {
                    versions.putIfAbsent(inManifest.group(1), inManifest.group(2));
                }
            }
        }
        return versions;
    }

    static boolean newer(String version, String than) {
        GenericVersionScheme scheme = new GenericVersionScheme();
        try {
            Version candidate = scheme.parseVersion(version);
            return candidate.compareTo(scheme.parseVersion(than)) > 0;
        } catch (InvalidVersionSpecificationException e) {
            return false;
        }
    }

    private static String artifact(Path jar) {
        Matcher matcher = JAR.matcher(jar.getFileName().toString());
        return matcher.matches() ? matcher.group(1) : jar.toString();
    }

    private static List<String> manifestClassPath(Path entry) {
        if (!entry.toString().endsWith(".jar") || !Files.isRegularFile(entry)) {
            return List.of();
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest manifest = jar.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            return classPath == null ? List.of() : List.of(classPath.trim().split("\\s+"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the manifest of " + entry, e);
        }
    }
}
