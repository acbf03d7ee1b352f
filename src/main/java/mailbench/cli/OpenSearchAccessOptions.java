package mailbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.access.TlsTrust;
import picocli.CommandLine.Option;

/**
 * The options of a command that talks to a staging OpenSearch over https with its own CA and
 * basic auth. Secrets never come from the command line (process lists, shell history): the
 * password is read from the environment or a file.
 */
final class OpenSearchAccessOptions {

    @Option(names = OpenSearchAccess.CA_OPTION, paramLabel = "<pem file>",
        description = "CA certificate(s), PEM, that signed OpenSearch's certificate; only these are trusted (default: the JDK's CAs)")
    Path caPem;

    @Option(names = OpenSearchAccess.TRUSTSTORE_OPTION, paramLabel = "<file>",
        description = "Truststore (PKCS12 or JKS) instead of " + OpenSearchAccess.CA_OPTION + "; its password, if any, in $"
            + TlsTrust.TRUSTSTORE_PASSWORD_ENV + " (default: the JDK's CAs)")
    Path truststore;

    @Option(names = OpenSearchAccess.CREDENTIALS_OPTION, paramLabel = "<file>",
        description = "Basic auth: a file of one line username:password (default: $" + Credentials.USERNAME_ENV + " and $"
            + Credentials.PASSWORD_ENV + ", else none)")
    Path credentialsFile;

    OpenSearchAccess access() {
        return OpenSearchAccess.of(caPem, truststore, credentialsFile, System.getenv());
    }

    /** The options given, as a child command line takes them again (files by absolute path; the environment is inherited). */
    List<String> args() {
        List<String> args = new ArrayList<>();
        addFile(args, OpenSearchAccess.CA_OPTION, caPem);
        addFile(args, OpenSearchAccess.TRUSTSTORE_OPTION, truststore);
        addFile(args, OpenSearchAccess.CREDENTIALS_OPTION, credentialsFile);
        return args;
    }

    private static void addFile(List<String> args, String option, Path file) {
        if (file != null) {
            args.addAll(List.of(option, file.toAbsolutePath().toString()));
        }
    }
}
