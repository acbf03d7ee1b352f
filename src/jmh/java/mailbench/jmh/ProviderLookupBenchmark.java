package mailbench.jmh;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The opensearch-java #293 fix alone, without the client around it: the same small parse into JSON-P values with
 * the provider looked up for every parse (2.2.0's {@code JsonValueParser}) or looked up once and
 * reused (2.3.0 on). The lookup's price is set by the classpath it scans: here the facade's.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ProviderLookupBenchmark extends BenchmarkSettings {

    private IsolatedClient isolated;
    private Function<byte[], Object> perParse;
    private Function<byte[], Object> cached;

    @Setup
    public void load() {
        isolated = IsolatedClient.load(IsolatedClient.PINNED);
        perParse = isolated.adapter("ProviderPerParse");
        cached = isolated.adapter("ProviderCached");
    }

    @TearDown
    public void close() throws IOException {
        isolated.close();
    }

    @Benchmark
    public Object perParseLookup() {
        return perParse.apply(SpiLookupBenchmark.SMALL_ARRAY);
    }

    @Benchmark
    public Object cachedProvider() {
        return cached.apply(SpiLookupBenchmark.SMALL_ARRAY);
    }
}
