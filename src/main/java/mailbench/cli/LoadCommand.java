package mailbench.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import mailbench.access.OpenSearchUrls;
import mailbench.corpus.CorpusSpec;
import mailbench.facade.Backend;
import mailbench.facade.FacadeToken;
import mailbench.facadeclient.FacadeAccess;
import mailbench.loader.CorpusLoad;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code mailbench load}: the corpus into a running facade (staging, the compose stack), once. */
@Command(name = "load", mixinStandardHelpOptions = true,
    description = "Load the generated corpus through a running facade's bulk endpoint; skipped when the index holds it already.")
final class LoadCommand implements Callable<Integer> {

    @Option(names = "--facade", required = true, description = "URL of the running facade, e.g. http://127.0.0.1:8080")
    URI facade;

    @Option(names = "--opensearch", description = "URL(s) of the facade's OpenSearch, comma-separated or the option repeated: to skip"
        + " a corpus that is there already and to force-merge the index after a load (default: none, always load, no merge)")
    List<String> opensearch;

    @Mixin
    OpenSearchAccessOptions access;

    @Option(names = "--index", description = "The facade's index, as its --index (default: ${DEFAULT-VALUE})",
        defaultValue = Backend.DEFAULT_INDEX)
    String index;

    @Mixin
    CorpusOptions corpus;

    @Option(names = "--facade-token-file", paramLabel = "<file>", description = "File holding the facade's token (its --token-file),"
        + " sent as Authorization: Bearer; default: $" + FacadeToken.ENV + ", else none")
    Path facadeTokenFile;

    @Option(names = "--facade-ca", paramLabel = "<pem file>", description = "CA certificate(s), PEM, an https --facade's"
        + " certificate is checked against; only these are trusted (default: the JDK's CAs)")
    Path facadeCa;

    @Option(names = "--force", description = "Load even when the index holds the corpus already")
    boolean force;

    @Override
    public Integer call() throws InterruptedException {
        CorpusSpec spec = corpus.spec();
        CorpusLoad load = new CorpusLoad(target(), line -> System.out.println("[load] " + line));
        try {
            load.run(spec, force);
            return 0;
        } catch (IOException e) {
            // an unreachable facade or OpenSearch, a refused bulk item: the message says which and what to check
            System.err.println("error: " + e.getMessage());
            return 1;
        }
    }

    /** The facade, and OpenSearch's hosts with their CA and credentials as the facade's own options give them. */
    CorpusLoad.Target target() {
        List<URI> hosts = opensearch == null ? List.of() : OpenSearchUrls.parse(String.join(",", opensearch), "--opensearch");
        FacadeToken token = FacadeToken.fromFileOrEnv(facadeTokenFile, System.getenv(), "--facade-token-file");
        return new CorpusLoad.Target(facade, hosts, access.access(), index, FacadeAccess.of(token, facadeCa, "--facade-ca"));
    }
}
