package mailbench.facade.opensearch;

import java.io.IOException;
import java.io.InterruptedIOException;

import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

/**
 * Lets a {@link CallCancel} stop an httpclient5 exchange and free its connection. opensearch-java's
 * ApacheHttpClient5Transport hands back a future derived from the exchange's own, so cancelling it leaves the exchange
 * running (and its connection leased) until OpenSearch answers. Two steps of httpclient5's execution chain reach it:
 * <ul>
 * <li>the first step runs on the thread that starts the call: it keeps the call's {@link CallCancel} in the exchange's
 * context and registers the exchange's own future, which stops a call still waiting for a connection;</li>
 * <li>the step just before the transport runs once a connection is leased and connected: it registers discarding that
 * connection, which ends the exchange.</li>
 * </ul>
 * Why the second is needed: the exchange's future keeps one cancellable dependency, and httpclient5's connect step
 * (AsyncConnectExec, 5.4.4 to 5.6.x) sets the connection lease as that dependency after the lease's callback has
 * returned. When the lease completes at once (a pooled keep-alive connection, or a new one connected on the I/O thread
 * before the starting thread gets there), the transport's hard cancel, set inside that callback, is overwritten, and
 * cancelling the future cancels only a lease long done: the exchange waits for its response timeout. Seen as 2 cancels
 * lost in 59 on new connections on a loaded 2-core host, and every time the call reuses a pooled connection
 * ({@code ClosedClientIT}).
 */
final class ExchangeCancels {

    static final String AT_START = "mailbench-exchange-cancels";
    static final String AT_TRANSPORT = "mailbench-exchange-cancels-at-transport";
    private static final String CALL_CANCEL = "mailbench.call-cancel";

    private ExchangeCancels() {
    }

    /** Adds both steps to the client's execution chain. */
    static HttpAsyncClientBuilder install(HttpAsyncClientBuilder http) {
        return http.addExecInterceptorFirst(AT_START, ExchangeCancels::atStart)
            .addExecInterceptorBefore(ChainElement.MAIN_TRANSPORT.name(), AT_TRANSPORT, ExchangeCancels::atTransport);
    }

    private static void atStart(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope, AsyncExecChain chain,
                                AsyncExecCallback callback) throws HttpException, IOException {
        CallCancel cancel = CallCancel.starting();
        if (cancel != null) {
            scope.clientContext.setAttribute(CALL_CANCEL, cancel);
            cancel.onCancel(scope.cancellableDependency::cancel);
        }
        chain.proceed(request, entityProducer, scope, callback);
    }

    private static void atTransport(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
                                    AsyncExecChain chain, AsyncExecCallback callback) throws HttpException, IOException {
        if (!(scope.clientContext.getAttribute(CALL_CANCEL) instanceof CallCancel cancel)) {
            chain.proceed(request, entityProducer, scope, callback);
            return;
        }
        // discarding the endpoint closes its connection at once; the exchange then fails and the pool forgets it
        cancel.onCancel(scope.execRuntime::discardEndpoint);
        if (cancel.cancelled()) {
            callback.failed(cancelled());
            return;
        }
        try {
            chain.proceed(request, entityProducer, scope, callback);
        } catch (RuntimeException e) {
            // a cancel between the check and the start took the endpoint away: the transport refuses a released one
            if (!cancel.cancelled()) {
                throw e;
            }
            callback.failed(cancelled());
        }
    }

    private static InterruptedIOException cancelled() {
        return new InterruptedIOException("the call was cancelled: nobody waits for its answer");
    }
}
