package mailbench.it.support;

import java.net.URI;

import mailbench.corpus.CorpusSpec;
import mailbench.facade.FacadeConfig;
import mailbench.facade.FacadeServer;
import mailbench.loader.CorpusLoader;

/**
 * A facade on the shared node (or a given one) holding the small test corpus (seed 42, 5,000 messages, 100 users,
 * as the tests' -Dmailbench.corpus.* knobs say): the -Dmailbench.target of tests that run
 * {@code mvn gatling:test} several times, so each run starts no stack of its own.
 */
public final class TargetFacade implements AutoCloseable {

    private final FacadeServer facade;
    private final URI url;

    private TargetFacade(FacadeServer facade) {
        this.facade = facade;
        this.url = URI.create("http://127.0.0.1:" + facade.port());
    }

    public static TargetFacade start(String name) throws Exception {
        return start(name, SharedNode.url());
    }

    /** The same on another node (one a test stops and starts). */
    public static TargetFacade start(String name, URI opensearch) throws Exception {
        FacadeConfig config = FacadeConfigs.onFreePort(opensearch, "mail-it-" + name + "-" + System.nanoTime());
        TargetFacade target = new TargetFacade(FacadeServer.start(config));
        new CorpusLoader(target.url, line -> { }).load(new CorpusSpec(42, 5_000, 100));
        return target;
    }

    public URI url() {
        return url;
    }

    @Override
    public void close() {
        facade.close();
    }
}
