/**
 * How mailbench reaches an OpenSearch that is not its own local node: several hosts, HTTPS with a
 * custom CA or truststore, basic-auth credentials from the environment or a file. Secrets stay
 * in {@link mailbench.access.Credentials}, which never prints them; URLs are refused when they
 * carry credentials, so nothing recorded (logs, run.json, summary.json) can hold a password.
 */
package mailbench.access;
