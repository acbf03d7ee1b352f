package mailbench.jmh;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings every benchmark here inherits (the closest annotation wins, and
 * {@code -Djmh.args} wins over both): average time, 1 fork of 10 x 2 s warm-up and 5 x 2 s
 * measured, a fixed 1 GiB heap; all of them take about 13 minutes. The warm-up is long because
 * on 2 busy cores the JIT compiler threads get little CPU: with 5 x 1 s, times still fell by half
 * during the measured iterations.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public abstract class BenchmarkSettings {
}
