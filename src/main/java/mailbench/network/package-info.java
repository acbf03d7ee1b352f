/**
 * The network between a local stack's boxes: named profiles of latency, jitter and bandwidth on the client hop
 * (Gatling to the facade) and the node hop (the facade to OpenSearch), made by Shopify's Toxiproxy
 * ({@code StackNetwork}), whose server binary is found or built once ({@code ToxiproxyBinary}). Knows nothing of the
 * stack or the run: they hand it URLs and get proxied ones back.
 */
package mailbench.network;
