package mailbench.it.facade;

import java.net.URI;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.it.support.SharedNode;

/** The facade contract with each hit's doc-values fields decoded as lists of strings, not generic JsonData (the fields-typed variant). */
class FacadeFieldsTypedIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    ClientOptions clientOptions() {
        return new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES_TYPED);
    }
}
