package mailbench.facade;

import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.core5.http.ConnectionClosedException;
import org.opensearch.client.opensearch._types.OpenSearchException;

import mailbench.access.AccessProblems;
import mailbench.access.PermissionRefused;

/**
 * Maps what went wrong between the facade and OpenSearch to the status a client should act on:
 * 503 backend down or out of reach (TLS not trusted, credentials refused), 504 too slow, 429 backend
 * overloaded (retry later), 400 when it refused what the client's input asked for, 502 anything else.
 */
public final class BackendErrors {

    private BackendErrors() {
    }

    /** A status and a message that never carry a stack trace. */
    public record Failure(int status, String message) {
    }

    /**
     * The failure as the client reads it. Backend messages lose URLs, hosts and certificate subjects
     * ({@link Redaction}); a refusal of the client's own input keeps its words.
     */
    public static Failure classify(Throwable error) {
        Failure failure = describe(error);
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof BadRequest) {
                return failure;
            }
        }
        return new Failure(failure.status(), Redaction.of(failure.message()));
    }

    /**
     * A 4xx of OpenSearch for a request the facade built from the client's input (a value the mapping refuses,
     * too many clauses) is the client's mistake: 400, not a backend failure. Access (401, 403), a missing index
     * (404), timeouts (408) and overload (429) stay the backend's.
     */
    static boolean refusedInput(int status) {
        return status >= 400 && status < 500 && status != 401 && status != 403 && status != 404 && status != 407
            && status != 408 && status != 429;
    }

    private static Failure describe(Throwable error) {
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
                if (status == 503) {
                    // a node that is starting or recovering: shards not allocated yet, no master; it passes, so does this
                    return new Failure(503, "OpenSearch is not ready (503): "
                        + (os.error() == null ? os.getMessage() : os.error().type() + ": " + Snippet.of(os.error().reason())));
                }
                if (status == 403) {
                    // the facade's user lacks a permission: every such call fails until its role is fixed, like refused credentials
                    return new Failure(503, PermissionRefused.message(os.error() == null ? os.getMessage() : os.error().reason()));
                }
                if (os.error() != null && "index_not_found_exception".equals(os.error().type())) {
                    return new Failure(503, "the mail index does not exist yet: start the facade against a node it may write to");
                }
                if (refusedInput(status)) {
                    return new Failure(400, "OpenSearch refused this input (" + status + "): "
                        + (os.error() == null ? os.getMessage() : os.error().type() + ": " + Snippet.of(os.error().reason())));
                }
                return new Failure(502, "OpenSearch refused the request (" + status + "): "
                    + (os.error() == null ? os.getMessage() : os.error().type() + ": " + os.error().reason()));
            }
            if (t.getClass().getSimpleName().equals("ResponseException")) {
                Failure answered = fromStatusLine(t.getMessage());
                if (answered != null) {
                    return answered;
                }
            }
            // a reset or closed connection is the node going away under a call (killed, restarting), like a refused connect
            if (t instanceof ConnectException || t instanceof ConnectionClosedException || t instanceof java.net.SocketException
                || t instanceof java.nio.channels.UnresolvedAddressException
                || t instanceof java.net.NoRouteToHostException) {
                return new Failure(503, "OpenSearch is unavailable: " + t.getClass().getSimpleName()
                    + (t.getMessage() == null ? "" : ": " + t.getMessage()));
            }
            if (t instanceof org.apache.hc.core5.http.ContentTooLongException) {
                return new Failure(502, "OpenSearch's answer is larger than the facade's response buffer (--max-response-bytes): "
                    + Snippet.of(t.getMessage()) + "; ask for fewer hits (limit) or a filtered projection");
            }
            if (t instanceof TimeoutException || t instanceof java.net.SocketTimeoutException) {
                return new Failure(504, "OpenSearch did not answer in time");
            }
        }
        return new Failure(502, "OpenSearch call failed: " + cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + Snippet.of(cause.getMessage())));
    }

    /** "... status line [HTTP/1.1 503 Service Unavailable]": how both transports' ResponseException name the node's answer. */
    private static final java.util.regex.Pattern STATUS_LINE = java.util.regex.Pattern.compile("status line \\[HTTP/[0-9.]+ (\\d{3})");

    /**
     * An error answer the client could not turn into an OpenSearchException (the transports' own
     * ResponseException: the rest client's, or httpclient5's for endpoints with a custom response
     * deserializer). Matched by name and message because their classes differ between transports
     * and client versions, and the facade runs on several of those.
     */
    private static Failure fromStatusLine(String message) {
        java.util.regex.Matcher matcher = STATUS_LINE.matcher(message == null ? "" : message);
        if (!matcher.find()) {
            return null;
        }
        int status = Integer.parseInt(matcher.group(1));
        return switch (status) {
            case 503 -> new Failure(503, "OpenSearch is not ready (503): retry later");
            case 429 -> new Failure(429, "OpenSearch is overloaded (429): retry later");
            case 403 -> new Failure(503, PermissionRefused.message(reason(message)));
            default -> refusedInput(status) ? new Failure(400, "OpenSearch refused this input (" + status + ")")
                : new Failure(502, "OpenSearch refused the request (" + status + ")");
        };
    }

    /** The first {@code "reason"} of the JSON error body such a message carries after its status line, or null. */
    private static String reason(String message) {
        java.util.regex.Matcher matcher = REASON.matcher(message);
        return matcher.find() ? matcher.group(1).replace("\\\"", "\"") : null;
    }

    private static final java.util.regex.Pattern REASON = java.util.regex.Pattern.compile("\"reason\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
