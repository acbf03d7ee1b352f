package mailbench.it.facade;

import java.net.URI;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.SharedNode;

/** The facade contract on the RestClient transport with a new client and mapper per request (the variants' set-up). */
class FacadeRestClientIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    ClientOptions clientOptions() {
        return new ClientOptions(ClientOptions.Transport.REST_CLIENT, ClientOptions.Mapper.PER_REQUEST, ClientOptions.Projection.DOC_VALUES);
    }
}
