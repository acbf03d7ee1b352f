/**
 * Indexing workloads: the bulk matrix (bulk size x concurrent bulk requests, each cell on a fresh
 * index with the same documents, counted afterwards so nothing is lost unseen) and the documents
 * that the bulk and single-document simulations send.
 */
package mailbench.indexing;
