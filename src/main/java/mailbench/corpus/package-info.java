/**
 * Deterministic generator of realistic mail for load tests: users, mailboxes, threads and
 * messages drawn from seeded Zipf and log-normal distributions, streamed without holding the
 * corpus in memory, plus Gatling CSV feeders whose every row is guaranteed to hit the corpus.
 *
 * <p>Same {@link mailbench.corpus.CorpusSpec} gives byte-identical messages and feeders on every
 * machine: all randomness comes from explicitly seeded commons-rng streams, never from the
 * clock, the default locale or hash iteration order.
 */
package mailbench.corpus;
