package mailbench.cli;

import java.nio.file.Path;

import mailbench.facade.Exposure;
import mailbench.facade.FacadeToken;
import picocli.CommandLine.Option;

/** The facade's options for who may use it: its token, the waivers that serve without one or send credentials in clear, h2c. */
final class ExposureOptions {

    @Option(names = FacadeToken.OPTION, paramLabel = "<file>", description = "File holding the token every request must carry"
        + " (Authorization: Bearer <token>); default: $" + FacadeToken.ENV + ", else none. Needed when --host is not loopback,"
        + " unless --insecure-open")
    Path tokenFile;

    @Option(names = "--insecure-open", description = "Listen on a non-loopback --host without a token: anyone who reaches the"
        + " port uses the facade and its OpenSearch access")
    boolean insecureOpen;

    @Option(names = "--allow-credentials-over-http", description = "Send basic-auth credentials to http:// OpenSearch URLs"
        + " (clear text on the network); refused without this")
    boolean allowCredentialsOverHttp;

    @Option(names = "--http2-cleartext", description = "Also accept cleartext HTTP/2 (h2c); off: HTTP/1.1 only")
    boolean http2Cleartext;

    Exposure exposure() {
        return new Exposure(FacadeToken.fromFileOrEnv(tokenFile, System.getenv()), insecureOpen, allowCredentialsOverHttp,
            http2Cleartext);
    }
}
