package mailbench.facade;

import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.core5.http.ConnectionClosedException;
import org.opensearch.client.opensearch._types.OpenSearchException;

import mailbench.access.AccessProblems;

/**
 * Maps what went wrong between the facade and OpenSearch to the status a client should act on:
 * 503 backend down or out of reach (TLS not trusted, credentials refused), 504 too slow, 429 backend
 * overloaded (retry later), 502 anything else.
 */
public final class BackendErrors {

    private BackendErrors() {
    }

    /** A status and a message that never carry a stack trace. */
    public record Failure(int status, String message) {
    }

    public static Failure classify(Throwable error) {
        Throwable cause = unwrap(error);
        String accessProblem = AccessProblems.explain(cause);
        if (accessProblem != null) {
            // the backend is there, we cannot get in: unavailable for this facade until its options are fixed
            return new Failure(503, accessProblem);
        }
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof BadRequest bad) {
                return new Failure(bad.status(), bad.getMessage());
            }
            if (t instanceof OpenSearchException os) {
                int status = os.status();
                if (status == 429) {
                    return new Failure(429, "OpenSearch is overloaded (429): retry later");
                }
                if (os.error() != null && "index_not_found_exception".equals(os.error().type())) {
                    return new Failure(503, "the mail index does not exist yet: start the facade against a node it may write to");
                }
                return new Failure(502, "OpenSearch refused the request (" + status + "): "
                    + (os.error() == null ? os.getMessage() : os.error().type() + ": " + os.error().reason()));
            }
            if (t instanceof ConnectException || t instanceof ConnectionClosedException
                || t instanceof java.nio.channels.UnresolvedAddressException
                || t instanceof java.net.NoRouteToHostException) {
                return new Failure(503, "OpenSearch is unavailable: " + t.getClass().getSimpleName()
                    + (t.getMessage() == null ? "" : ": " + t.getMessage()));
            }
            if (t instanceof TimeoutException || t instanceof java.net.SocketTimeoutException) {
                return new Failure(504, "OpenSearch did not answer in time");
            }
        }
        return new Failure(502, "OpenSearch call failed: " + cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + Snippet.of(cause.getMessage())));
    }

    private static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
