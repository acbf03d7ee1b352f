package mailbench.jmh;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings every benchmark here inherits (the closest annotation wins, so a benchmark or
 * {@code -Djmh.args} can override them): average time, 2 forks of 5 x 1 s warm-up and 5 x 2 s
 * measured, a fixed 1 GiB heap. All benchmarks take about 10 minutes on 2 cores.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public abstract class BenchmarkSettings {
}
