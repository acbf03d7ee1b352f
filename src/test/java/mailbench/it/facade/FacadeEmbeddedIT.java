package mailbench.it.facade;

import java.net.URI;

import mailbench.it.support.SharedNode;

/** The facade contract against the embedded OpenSearch node. */
class FacadeEmbeddedIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }
}
