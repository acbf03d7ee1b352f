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
 * <li>the first step runs on the thread that starts the call: it registers a stop that cancels the exchange's own
 * future (which stops a call still waiting for a connection) and then closes the call's connection if it has one;</li>
 * <li>the step just before the transport runs once a connection is leased and connected: a call cancelled by then is
 * failed there, its connection closed, and never sent.</li>
 * </ul>
 * Why the future's cancel is not enough: the future keeps one cancellable dependency, and httpclient5's connect step
 * (AsyncConnectExec, 5.4.4 to 5.6.x) sets the connection lease as that dependency after the lease's callback has
 * returned. When the lease completes at once (a pooled keep-alive connection, or a new one connected on the I/O thread
 * before the starting thread gets there), the transport's hard cancel, set inside that callback, is overwritten, and
 * cancelling the future cancels only a lease long done: the exchange waits for its response timeout. Seen as 2 cancels
 * lost in 59 on new connections on a loaded 2-core host, and every time the call reuses a pooled connection
 * ({@code ExchangeCancelsTest}, {@code ClosedClientIT}). One small object per call, the stop: nothing is kept in the
 * exchange's context, whose attribute map a first entry would create.
 */
final class ExchangeCancels {

    static final String AT_START = "mailbench-exchange-cancels";
    static final String AT_TRANSPORT = "mailbench-exchange-cancels-at-transport";

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
            cancel.onCancel(() -> stop(scope));
        }
        chain.proceed(request, entityProducer, scope, callback);
    }

    /**
     * The future first, so that {@link #atTransport} sees it cancelled; then the connection, if the call holds a connected
     * one (one still connecting is closed by {@link #atTransport} once connected). Discarding the endpoint closes its
     * connection at once; the exchange then fails and the pool forgets it.
     */
    private static void stop(AsyncExecChain.Scope scope) {
        scope.cancellableDependency.cancel();
        if (scope.execRuntime.isEndpointConnected()) {
            scope.execRuntime.discardEndpoint();
        }
    }

    private static void atTransport(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
                                    AsyncExecChain chain, AsyncExecCallback callback) throws HttpException, IOException {
        if (scope.cancellableDependency.isCancelled()) {
            scope.execRuntime.discardEndpoint();
            callback.failed(cancelled());
            return;
        }
        try {
            chain.proceed(request, entityProducer, scope, callback);
        } catch (RuntimeException e) {
            // a cancel between the check and the start took the endpoint away: the transport refuses a released one
            if (!scope.cancellableDependency.isCancelled()) {
                throw e;
            }
            callback.failed(cancelled());
        }
    }

    private static InterruptedIOException cancelled() {
        return new InterruptedIOException("the call was cancelled: nobody waits for its answer");
    }
}
