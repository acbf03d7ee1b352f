package mailbench.it;

import java.net.URI;

/** The facade contract against the embedded OpenSearch node. */
class FacadeEmbeddedIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }
}
