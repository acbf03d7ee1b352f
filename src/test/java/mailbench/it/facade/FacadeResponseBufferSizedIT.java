package mailbench.it.facade;

import java.net.URI;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.InjectedCost;
import mailbench.it.support.SharedNode;

/** The facade contract with every answer buffered once, sized from its Content-Length (the response-buffer-sized variant). */
class FacadeResponseBufferSizedIT extends FacadeContract {

    @Override
    URI opensearch() throws Exception {
        return SharedNode.url();
    }

    @Override
    ClientOptions clientOptions() {
        return new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES,
            ClientOptions.ResponseCompression.CLIENT_DEFAULT, InjectedCost.NONE, ClientOptions.ResponseBuffer.SIZED);
    }
}
