package mailbench.jmh.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * A call made with its own class loader as the thread's context loader, as the facade's threads
 * have theirs: {@code JsonProvider.provider()} looks providers up through it (ServiceLoader), and
 * another loader would find a provider of another {@code JsonProvider} class.
 */
public abstract class InOwnLoader<T, R> implements Function<T, R> {

    @Override
    public final R apply(T input) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(getClass().getClassLoader());
        try {
            return call(input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    protected abstract R call(T input) throws IOException;
}
