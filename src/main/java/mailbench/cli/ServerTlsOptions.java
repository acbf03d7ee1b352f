package mailbench.cli;

import java.nio.file.Path;

import mailbench.access.ServerTls;
import picocli.CommandLine.Option;

/**
 * The options of a command that serves HTTP to other hosts (the facade, the profiler sidecar): its certificate for HTTPS,
 * or the explicit permission to take a token over plain HTTP off loopback. The keystore's password comes from the
 * environment, never the command line.
 */
final class ServerTlsOptions {

    @Option(names = ServerTls.CERT_OPTION, paramLabel = "<pem file>", description = "Serve HTTPS with this certificate (PEM; the"
        + " chain up to the CA may follow it), with " + ServerTls.KEY_OPTION + " (default: plain HTTP)")
    Path certPem;

    @Option(names = ServerTls.KEY_OPTION, paramLabel = "<pem file>", description = "The certificate's private key (PEM, unencrypted:"
        + " PKCS#8 or the RSA/EC form), readable only by the user that serves")
    Path keyPem;

    @Option(names = ServerTls.KEYSTORE_OPTION, paramLabel = "<file>", description = "Serve HTTPS with the key and certificate of"
        + " this keystore (PKCS12 or JKS) instead; its password, if any, in $" + ServerTls.KEYSTORE_PASSWORD_ENV)
    Path keystore;

    @Option(names = ServerTls.ALLOW_TOKEN_OVER_HTTP_OPTION, description = "Take the token over plain HTTP on a non-loopback --host,"
        + " where it crosses the network in clear text; refused without this")
    boolean allowTokenOverHttp;

    ServerTls tls() {
        return ServerTls.of(certPem, keyPem, keystore, allowTokenOverHttp, System.getenv());
    }
}
