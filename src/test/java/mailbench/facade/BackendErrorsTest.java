package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import org.apache.hc.core5.http.ConnectionClosedException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch._types.ErrorResponse;
import org.opensearch.client.opensearch._types.OpenSearchException;

class BackendErrorsTest {

    private static OpenSearchException openSearch(int status, String type, String reason) {
        return new OpenSearchException(ErrorResponse.of(e -> e.status(status).error(c -> c.type(type).reason(reason))));
    }

    private static void assertNoStackTrace(BackendErrors.Failure failure) {
        assertThat(failure.message()).doesNotContain("\n").doesNotContain("\tat ").doesNotContain("java.base/");
    }

    @Nested
    class Unavailable {

        @Test
        void classifyShouldMapConnectExceptionInCompletionExceptionTo503() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new CompletionException(new ConnectException("Connection refused")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(503,
                "OpenSearch is unavailable: ConnectException: Connection refused"));
        }

        @Test
        void classifyShouldUnwrapNestedCompletionExceptions() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new CompletionException(new CompletionException(new ConnectException(null))));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(503, "OpenSearch is unavailable: ConnectException"));
        }

        @Test
        void classifyShouldFindConnectExceptionDeeperInTheCauseChain() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new CompletionException(new IOException("request failed", new ConnectException("Connection refused"))));

            assertThat(failure.status()).isEqualTo(503);
            assertThat(failure.message()).isEqualTo("OpenSearch is unavailable: ConnectException: Connection refused");
        }

        @Test
        void classifyShouldMapAClosedConnectionTo503() {
            BackendErrors.Failure failure = BackendErrors.classify(new ConnectionClosedException("Connection closed by peer"));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(503,
                "OpenSearch is unavailable: ConnectionClosedException: Connection closed by peer"));
        }
    }

    @Nested
    class NodeGoingAway {

        @Test
        void classifyShouldMapAResetConnectionTo503() {
            BackendErrors.Failure failure = BackendErrors.classify(new CompletionException(new java.net.SocketException("Connection reset")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(503, "OpenSearch is unavailable: SocketException: Connection reset"));
        }

        @Test
        void classifyShouldReadTheStatusLineOfATransportsResponseException() {
            // both transports' ResponseException say it this way; the node answers 503 while its shards recover
            String line = "method [POST], host [http://127.0.0.1:9200], URI [/mail/_search], status line [HTTP/1.1 %s]";
            assertThat(BackendErrors.classify(new CompletionException(new ResponseException(line.formatted("503 Service Unavailable")))))
                .isEqualTo(new BackendErrors.Failure(503, "OpenSearch is not ready (503): retry later"));
            assertThat(BackendErrors.classify(new ResponseException(line.formatted("500 Internal Server Error"))))
                .isEqualTo(new BackendErrors.Failure(502, "OpenSearch refused the request (500)"));
        }

        @Test
        void aMissingPermissionShouldBe503NamingTheActionAndWhereTheRoleIs() {
            // the security plugin's 403 as the httpclient5 transport reports it: status line, then the JSON body
            String message = "method [POST], host [https://127.0.0.1:9200], URI [/mail/_search], status line [HTTP/1.1 403 Forbidden]\n"
                + "{\"error\":{\"root_cause\":[{\"type\":\"security_exception\",\"reason\":\"no permissions for"
                + " [indices:data/read/search] and User [name=mb, backend_roles=[], requestedTenant=null]\"}]},\"status\":403}";

            BackendErrors.Failure failure = BackendErrors.classify(new CompletionException(new ResponseException(message)));

            assertThat(failure.status()).isEqualTo(503);
            assertThat(failure.message()).startsWith("OpenSearch refused a permission (403 Forbidden): no permissions for"
                + " [indices:data/read/search]").contains("docs/staging.adoc").doesNotContain("127.0.0.1");
        }

        @Test
        void classifyShouldMapAResponseExceptionOfARefusedInputTo400WithoutTheHost() {
            String line = "method [PUT], host [http://node1.staging.example:9200], URI [/mail/_doc/x], status line [HTTP/1.1 %s]";

            BackendErrors.Failure failure = BackendErrors.classify(new ResponseException(line.formatted("400 Bad Request")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(400, "OpenSearch refused this input (400)"));
        }
    }

    @Nested
    class Timeouts {

        @Test
        void classifyShouldMapSocketTimeoutTo504() {
            BackendErrors.Failure failure = BackendErrors.classify(new SocketTimeoutException("Read timed out"));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(504, "OpenSearch did not answer in time"));
        }

        @Test
        void classifyShouldMapTimeoutExceptionInCompletionExceptionTo504() {
            BackendErrors.Failure failure = BackendErrors.classify(new CompletionException(new TimeoutException("30 s")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(504, "OpenSearch did not answer in time"));
        }
    }

    @Nested
    class RefusedRequests {

        @Test
        void classifyShouldKeepTheStatusAndMessageOfABadRequest() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new CompletionException(new BadRequest(413, "the bulk has 3 items; at most 2 per request")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(413, "the bulk has 3 items; at most 2 per request"));
        }

        @Test
        void classifyShouldFindABadRequestAsACause() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new RuntimeException("wrapped", new BadRequest("field 'from' is required (a string)")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(400, "field 'from' is required (a string)"));
        }
    }

    @Nested
    class OpenSearchErrors {

        @Test
        void classifyShouldMap429To429() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new CompletionException(openSearch(429, "es_rejected_execution_exception", "queue full")));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(429, "OpenSearch is overloaded (429): retry later"));
        }

        @Test
        void classifyShouldMapIndexNotFoundTo503() {
            BackendErrors.Failure failure = BackendErrors.classify(
                openSearch(404, "index_not_found_exception", "no such index [mail]"));

            assertThat(failure.status()).isEqualTo(503);
            assertThat(failure.message()).startsWith("the mail index does not exist yet");
        }

        @Test
        void classifyShouldMapOtherOpenSearchErrorsTo502WithTypeAndReasonButPassOnTheNodesOwn503() {
            assertThat(BackendErrors.classify(openSearch(500, "search_phase_execution_exception", "all shards failed")))
                .isEqualTo(new BackendErrors.Failure(502,
                    "OpenSearch refused the request (500): search_phase_execution_exception: all shards failed"));
            // a restarted node answers 503 while it recovers its shards: the client should retry, as with a node down
            assertThat(BackendErrors.classify(openSearch(503, "search_phase_execution_exception", "all shards failed")))
                .isEqualTo(new BackendErrors.Failure(503,
                    "OpenSearch is not ready (503): search_phase_execution_exception: all shards failed"));
        }
    }

    @Nested
    class RefusedInput {

        @Test
        void classifyShouldMapOpenSearchs4xxForTheClientsInputTo400() {
            assertThat(BackendErrors.classify(new CompletionException(openSearch(400, "mapper_parsing_exception",
                "failed to parse field [from] of type [ip] in document with id 'u1:m1'"))))
                .isEqualTo(new BackendErrors.Failure(400, "OpenSearch refused this input (400): mapper_parsing_exception:"
                    + " failed to parse field [from] of type [ip] in document with id 'u1:m1'"));
            assertThat(BackendErrors.classify(openSearch(409, "version_conflict_engine_exception", "conflict")).status()).isEqualTo(400);
        }

        @Test
        void classifyShouldKeepAccessMissingIndexTimeoutAndOverloadAsTheBackendsAnswers() {
            assertThat(BackendErrors.refusedInput(400)).isTrue();
            assertThat(BackendErrors.refusedInput(413)).isTrue();
            for (int status : new int[] {401, 403, 404, 407, 408, 429, 500, 502, 503}) {
                assertThat(BackendErrors.refusedInput(status)).as("status %d", status).isFalse();
            }
        }

        @Test
        void classifyShouldNameNoBackendHostUrlOrCertificate() {
            BackendErrors.Failure failure = BackendErrors.classify(openSearch(400, "illegal_argument_exception",
                "node [node1.staging.example:9300] at https://10.20.30.40:9200/mail refused CN=node1.staging.example, O=Acme"));

            assertThat(failure.status()).isEqualTo(400);
            assertThat(failure.message()).doesNotContain("node1", "10.20.30.40", "https://", "Acme", "9200", "9300")
                .contains("<host>", "<url>", "<certificate subject>");
        }

        @Test
        void classifyShouldKeepTheClientsOwnWordsInARefusalOfItsInput() {
            BackendErrors.Failure failure = BackendErrors.classify(new BadRequest("field 'from' must be one mail address like"
                + " alice@example.com, got 'http://10.0.0.1:80'"));

            assertThat(failure.message()).contains("http://10.0.0.1:80");
        }
    }

    @Nested
    class OtherFailures {

        @Test
        void classifyShouldMapAnyOtherRuntimeExceptionTo502WithoutStackTrace() {
            IllegalStateException error = new IllegalStateException("I/O reactor has been shut down");

            BackendErrors.Failure failure = BackendErrors.classify(new CompletionException(error));

            assertThat(failure).isEqualTo(new BackendErrors.Failure(502,
                "OpenSearch call failed: IllegalStateException: I/O reactor has been shut down"));
            assertNoStackTrace(failure);
        }

        @Test
        void classifyShouldNameTheExceptionWhenItHasNoMessage() {
            BackendErrors.Failure failure = BackendErrors.classify(new NullPointerException());

            assertThat(failure).isEqualTo(new BackendErrors.Failure(502, "OpenSearch call failed: NullPointerException"));
        }

        @Test
        void classifyShouldShortenAHugeMessage() {
            BackendErrors.Failure failure = BackendErrors.classify(new RuntimeException("x".repeat(5_000) + "\n\tat a.b.C"));

            assertThat(failure.status()).isEqualTo(502);
            assertThat(failure.message()).isEqualTo("OpenSearch call failed: RuntimeException: " + "x".repeat(80) + "...");
            assertNoStackTrace(failure);
        }

        @Test
        void classifyShouldReportTheOuterExceptionOfANonCompletionWrapper() {
            BackendErrors.Failure failure = BackendErrors.classify(
                new ExecutionException(new IOException("stream reset")));

            assertThat(failure.status()).isEqualTo(502);
            assertThat(failure.message()).isEqualTo("OpenSearch call failed: ExecutionException: java.io.IOException: stream reset");
        }
    }

    /** Named as the transports name theirs: classification goes by simple name and message. */
    private static final class ResponseException extends java.io.IOException {
        ResponseException(String message) {
            super(message);
        }
    }
}
