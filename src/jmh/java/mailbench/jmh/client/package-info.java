/**
 * Code that runs against whichever opensearch-java its class loader holds: compiled against the
 * pinned client, it uses only API that 2.2.0 also has, so {@link mailbench.jmh.IsolatedClient}
 * can load it beside either version. The benchmarks reach it through JDK types only
 * ({@code Function}), the one thing both sides share.
 */
package mailbench.jmh.client;
