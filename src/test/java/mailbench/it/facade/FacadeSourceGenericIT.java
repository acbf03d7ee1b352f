package mailbench.it.facade;

import java.net.URI;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.SharedNode;

/** The facade contract with search hits from a filtered _source decoded into generic JsonData (the source-generic variant). */
class FacadeSourceGenericIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    ClientOptions clientOptions() {
        return new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.SOURCE_GENERIC);
    }
}
