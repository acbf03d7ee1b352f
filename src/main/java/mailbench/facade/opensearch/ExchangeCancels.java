package mailbench.facade.opensearch;

import java.io.IOException;

import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.async.AsyncExecChainHandler;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * opensearch-java's ApacheHttpClient5Transport hands back a future derived from the exchange's own, so cancelling it
 * leaves the exchange running (and its connection leased) until OpenSearch answers. The first step of httpclient5's
 * execution chain runs on the thread that starts the call: there it registers the exchange's own cancellable with the
 * {@link CallCancel} of the call being started.
 */
final class ExchangeCancels implements AsyncExecChainHandler {

    static final String NAME = "mailbench-exchange-cancels";

    @Override
    public void execute(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope, AsyncExecChain chain,
                        AsyncExecCallback callback) throws HttpException, IOException {
        CallCancel cancel = CallCancel.starting();
        if (cancel != null) {
            cancel.onCancel(scope.cancellableDependency::cancel);
        }
        chain.proceed(request, entityProducer, scope, callback);
    }
}
