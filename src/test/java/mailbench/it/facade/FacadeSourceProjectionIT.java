package mailbench.it.facade;

import java.net.URI;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.SharedNode;

/** The facade contract with search hits read from _id and a filtered _source (the source-projection variant). */
class FacadeSourceProjectionIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    ClientOptions clientOptions() {
        return new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.SOURCE);
    }
}
