/**
 * JMH micro-benchmarks of the client-side costs that published studies measured (docs/index.adoc, "The studies mailbench reproduces"): the JSON provider
 * lookup per parse in opensearch-java 2.2.0 ({@link mailbench.jmh.SpiLookupBenchmark},
 * {@link mailbench.jmh.ProviderLookupBenchmark}), JSON against binary formats on a 10 MB
 * document ({@link mailbench.jmh.LargeSourceBenchmark}), typed against generic decoding of a
 * search response ({@link mailbench.jmh.SearchDecodingBenchmark}).
 *
 * <p>How to run: {@code mvn -Pjmh verify} builds them apart in {@code target/jmh}, runs
 * {@code BenchmarkInputsTest} (every benchmark decodes what it claims to), then all benchmarks;
 * {@code -Djmh.args="SearchDecoding -f 1"} passes JMH's own options (a regex selects benchmarks).
 */
package mailbench.jmh;
