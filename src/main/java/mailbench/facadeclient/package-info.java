/**
 * mailbench's calls to a running facade as one of its clients: its /health ({@code HealthProbe}) and its counters
 * ({@code FacadeStats}). Only the facade's public types are used here, never its server code, so the load side and
 * the facade stay apart.
 */
package mailbench.facadeclient;
