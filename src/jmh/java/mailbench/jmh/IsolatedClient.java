package mailbench.jmh;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import mailbench.stack.FacadeClasspath;

/**
 * One opensearch-java version in a class loader of its own: the facade's runtime classpath with
 * that version's client jar swapped in (as the facade's variants run it), plus the adapters of
 * {@link mailbench.jmh.client}. Its parent is the platform loader, so nothing of the benchmark
 * JVM's classpath (JMH, the pinned client) leaks in, and a JSON provider lookup scans the
 * facade's jars, as it would in the facade.
 */
public final class IsolatedClient implements AutoCloseable {

    /** The version pinned in pom.xml ({@code opensearch-java.version}). */
    public static final String PINNED = "pinned";
    private static final String ADAPTERS = "mailbench.jmh.client.";
    // a resolution takes seconds: once per version and JVM (the check builds several loaders)
    private static final Map<String, List<Path>> RESOLVED = new ConcurrentHashMap<>();

    private final URLClassLoader loader;

    private IsolatedClient(URLClassLoader loader) {
        this.loader = loader;
    }

    /** {@code client}: {@value #PINNED} or a version to resolve from the Maven repositories, e.g. 2.2.0. */
    public static IsolatedClient load(String client) {
        List<Path> classpath = new ArrayList<>(RESOLVED.computeIfAbsent(client, version -> FacadeClasspath.of(PINNED.equals(version) ? null : version)));
        classpath.add(ownLocation());
        List<URL> urls = new ArrayList<>();
        for (Path entry : classpath) {
            try {
                urls.add(entry.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalStateException("not a classpath entry: " + entry, e);
            }
        }
        return new IsolatedClient(new URLClassLoader("opensearch-java-" + client, urls.toArray(URL[]::new),
            ClassLoader.getPlatformClassLoader()));
    }

    /** The version this loader really holds, read the way the facade reports its own. */
    public String version() {
        try {
            return (String) loader.loadClass("mailbench.facade.opensearch.ClientVersion").getMethod("opensearchJava").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the client version in " + loader.getName(), e);
        }
    }

    /** A new adapter of {@link mailbench.jmh.client}, built with this loader as the context loader. */
    @SuppressWarnings("unchecked")
    public <T, R> Function<T, R> adapter(String simpleName) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return (Function<T, R>) loader.loadClass(ADAPTERS + simpleName).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + ADAPTERS + simpleName + " in " + loader.getName(), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }

    private static Path ownLocation() {
        try {
            return Path.of(IsolatedClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the benchmark classes", e);
        }
    }
}
