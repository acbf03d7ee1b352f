package mailbench.facade;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.opensearch.client.opensearch._types.Refresh;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import mailbench.facade.JsonReplies.Reply;
import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.ClientPatches;
import mailbench.facade.opensearch.ClientVersion;
import mailbench.facade.opensearch.ClientWatchdog;
import mailbench.facade.opensearch.MailDocument;
import mailbench.facade.opensearch.MailStore;

/**
 * The facade's HTTP API. Handlers stay thin (parse, call the store, write JSON) and never block:
 * the store's futures complete on the client's I/O threads and the answer hops back to the
 * request's event loop. Every refusal is a 4xx with {@code {"error": "..."}}.
 */
public final class MailRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(MailRoutes.class);

    private static final String CLIENT_VERSION = ClientVersion.opensearchJava();
    private static final String CLIENT_PATCH = ClientPatches.inEffect();
    /** The searches' cumulative cost to the facade; a run reads it before and after its measured phase. */
    public static final String STATS_PATH = "/_mailbench/stats";

    private final MailStore store;
    private final FacadeConfig config;
    private final FacadeGuards guards;
    private final long callDeadlineMs;
    /** Shared by the routers of every event loop, as are the body bytes. */
    private final Admission admission;
    private final BodyBytesInFlight bodyBytes;
    private final HeldBytes heldBytes;
    private final UnreadAnswers unreadAnswers;
    private final JsonReplies replies;

    public MailRoutes(MailStore store, FacadeConfig config) {
        this(store, config, FacadeGuards.DEFAULTS, null);
    }

    /** {@code watchdog}: the client's I/O threads, null when not watched. */
    public MailRoutes(MailStore store, FacadeConfig config, FacadeGuards guards, ClientWatchdog watchdog) {
        this.store = store;
        this.config = config;
        this.guards = guards;
        this.admission = new Admission(config, watchdog);
        this.callDeadlineMs = guards.callDeadline(config).toMillis();
        this.bodyBytes = new BodyBytesInFlight(guards.memory().bodyBytesInFlightBound(), config.limits().maxBodyBytes());
        this.heldBytes = new HeldBytes(guards.memory().heldBytesBound());
        this.unreadAnswers = new UnreadAnswers(guards.memory().unreadAnswerBound());
        this.replies = new JsonReplies(admission, heldBytes, callDeadlineMs,
            new AnswerWrites(unreadAnswers, guards.timeouts().answerWrite().toMillis()));
    }

    public Router router(Vertx vertx) {
        Router router = Router.router(vertx);
        if (guards.token() != null) {
            // before the body handler: a request without the token is refused before a byte of its body is read
            router.route().handler(this::requireToken);
        }
        router.route().handler(new RequestBody(config.limits().maxBodyBytes(), bodyBytes, heldBytes,
            guards.timeouts().requestBody().toMillis()));
        router.put("/mailboxes/:mailboxId/messages/:messageId").handler(this::indexMessage);
        router.get("/mailboxes/:mailboxId/messages/:messageId").handler(this::getMessage);
        router.get("/mailboxes/:mailboxId/search").handler(this::search);
        router.post("/messages/_bulk").handler(this::bulk);
        router.post("/messages/_refresh").handler(this::refresh);
        router.get("/health").handler(this::health);
        router.get(STATS_PATH).handler(this::stats);
        router.route().last().handler(MailRoutes::noSuchEndpoint);
        // targets no route can match (the asterisk form "GET * HTTP/1.1", no leading slash) never reach the routes
        router.errorHandler(404, MailRoutes::noSuchEndpoint);
        router.errorHandler(400, ctx -> JsonReplies.error(ctx, 400, "malformed request"
            + (ctx.failure() == null ? "" : ": " + Snippet.of(ctx.failure().getMessage()))));
        router.errorHandler(405, ctx -> JsonReplies.error(ctx, 405, "method " + ctx.request().method() + " is not allowed on "
            + Snippet.of(ctx.request().path())));
        router.errorHandler(413, ctx -> JsonReplies.error(ctx, 413, "request body larger than " + config.limits().maxBodyBytes()
            + " bytes (--max-body-bytes)"));
        router.errorHandler(500, ctx -> {
            LOG.error("unexpected failure on {} {}", ctx.request().method(), ctx.request().path(), ctx.failure());
            JsonReplies.error(ctx, 500, "internal error (logged by the facade)");
        });
        return router;
    }

    private static void noSuchEndpoint(RoutingContext ctx) {
        JsonReplies.error(ctx, 404, "no such endpoint: " + ctx.request().method() + " " + Snippet.of(ctx.request().path())
            + " (see docs/facade.adoc, The facade API)");
    }

    private void indexMessage(RoutingContext ctx) {
        String mailboxId = ctx.pathParam("mailboxId");
        String messageId = ctx.pathParam("messageId");
        byte[] body = RequestBody.bytes(ctx);
        HeldBytes.Ticket held = heldBytes.ticket(ctx);
        replies.handle(ctx, cancel -> OffLoop.run(ctx.vertx(), OffLoop.heavy(body), () -> {
            MailDocument document = MessagePayload.parse(RequestJson.message(body), mailboxId, messageId);
            held.take(Footprint.of(document, body.length), "the message");
            return store.index(document, cancel).thenApply(ignored -> new Reply(201, Map.of(
                "mailboxId", document.mailboxId(), "messageId", document.messageId(), "result", "indexed")));
        }));
    }

    private void getMessage(RoutingContext ctx) {
        replies.handle(ctx, cancel -> {
            String mailboxId = Ids.require("mailboxId", ctx.pathParam("mailboxId"));
            String messageId = Ids.require("messageId", ctx.pathParam("messageId"));
            return store.get(mailboxId, messageId, cancel).thenApply(document -> document == null
                ? new Reply(404, Map.of("error", "no message " + messageId + " in mailbox " + mailboxId))
                : new Reply(200, document));
        });
    }

    private void search(RoutingContext ctx) {
        replies.handle(ctx, cancel -> store.search(SearchParams.parse(ctx.pathParam("mailboxId"), queryParams(ctx)), cancel)
            .thenApply(page -> new Reply(200, page)));
    }

    private void bulk(RoutingContext ctx) {
        HeldBytes.Ticket held = heldBytes.ticket(ctx);
        replies.handle(ctx, cancel -> {
            Refresh refresh = refresh(ctx.queryParams().get("refresh"));
            byte[] body = RequestBody.bytes(ctx);
            return OffLoop.run(ctx.vertx(), OffLoop.heavyBulk(body), () -> {
                List<BulkPayload.Item> items = BulkPayload.parse(body, config.limits().maxBulkItems(), held);
                List<MailDocument> valid = items.stream().filter(i -> i.document() != null).map(BulkPayload.Item::document).toList();
                if (valid.isEmpty()) {
                    // one error, not one slot per item: thousands of tiny invalid items would make megabytes of answer
                    throw new BadRequest("none of the bulk's " + items.size() + " messages is valid, nothing was indexed; item 1: "
                        + items.get(0).error());
                }
                long start = System.nanoTime();
                return store.bulk(valid, refresh, cancel).thenApply(results -> new Reply(200, BulkReply.of(items, results, start)));
            });
        });
    }

    private void refresh(RoutingContext ctx) {
        replies.handle(ctx, cancel -> store.refresh().thenApply(ignored -> new Reply(200, Map.of("result", "refreshed"))));
    }

    private void requireToken(RoutingContext ctx) {
        if (guards.token().accepts(ctx.request().getHeader("authorization"))) {
            ctx.next();
            return;
        }
        ctx.response().putHeader("www-authenticate", "Bearer").putHeader("connection", "close");
        JsonReplies.error(ctx, 401, "missing or wrong token: send Authorization: Bearer <token> (the facade's " + FacadeToken.OPTION
            + " or $" + FacadeToken.ENV + ")");
    }

    private void health(RoutingContext ctx) {
        if (!admission.admit(ctx)) {
            return;
        }
        CompletableFuture<Map<String, Object>> backend = store.health().thenCombine(store.serverVersion(), (health, version) -> {
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("status", health.status().jsonValue());
            status.put("cluster", health.clusterName());
            status.put("version", version);
            return status;
        }).orTimeout(callDeadlineMs, TimeUnit.MILLISECONDS);
        backend.whenComplete((status, error) -> admission.release());
        Future.fromCompletionStage(backend, ctx.vertx().getOrCreateContext()).onComplete(result -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("facade", "up");
            body.put("index", store.index());
            body.put("client", Map.of("opensearchJava", CLIENT_VERSION, "transport",
                ClientOptions.option(config.client().options().transport()),
                "mapper", ClientOptions.option(config.client().options().mapper()), "projection", ClientOptions.option(config.client().options().projection()),
                "injectedCost", config.client().options().injectedCost().describe(), "patch", CLIENT_PATCH,
                "responseBuffer", ClientOptions.option(config.client().options().responseBuffer())));
            if (result.succeeded()) {
                boolean red = "red".equals(result.result().get("status"));
                body.put("status", red ? "degraded" : "ok");
                body.put("backend", result.result());
                JsonReplies.reply(ctx, new Reply(red ? 503 : 200, body));
            } else {
                body.put("status", "unavailable");
                body.put("backend", Map.of("error", BackendErrors.classify(result.cause()).message()));
                JsonReplies.reply(ctx, new Reply(503, body));
            }
        });
    }

    /** Cumulative counters since the facade started (a run takes two readings and subtracts them), and gauges (in flight, heap). */
    private void stats(RoutingContext ctx) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("projection", ClientOptions.option(config.client().options().projection()));
        body.put("searches", store.stats().snapshot());
        Map<String, Object> refused = admission.refused(bodyBytes, heldBytes);
        refused.put("unreadAnswers", unreadAnswers.refused());
        body.put("refused", refused);
        body.put("eventLoopsServing", admission.loopsServing());
        body.put("inFlightNow", admission.inFlightNow()); // a gauge, not a counter: the calls waiting on OpenSearch right now
        body.put("bodyBytesInFlightNow", bodyBytes.held()); // a gauge: request-body bytes held right now
        body.put("heldBytesNow", heldBytes.held()); // a gauge: what requests hold right now, bodies and all they became
        body.put("heldBytesPeak", heldBytes.peak());
        body.putAll(unreadAnswers.stats()); // gauges and counters of answers written and not read yet, and direct memory
        Runtime runtime = Runtime.getRuntime();
        body.put("usedHeapBytes", runtime.totalMemory() - runtime.freeMemory());
        body.put("maxHeapBytes", runtime.maxMemory());
        body.putAll(JvmMemory.counters()); // counters: a run reads allocation and GC pauses over its measured phase
        JsonReplies.reply(ctx, new Reply(200, body));
    }

    private static Refresh refresh(String value) {
        if (value == null || value.isEmpty() || "false".equals(value)) {
            return Refresh.False;
        }
        return switch (value) {
            case "true" -> Refresh.True;
            case "wait_for" -> Refresh.WaitFor;
            default -> throw new BadRequest("refresh must be true, false or wait_for, got '" + Snippet.of(value) + "'");
        };
    }

    private static Map<String, List<String>> queryParams(RoutingContext ctx) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        try {
            for (String name : ctx.queryParams().names()) {
                params.put(name, ctx.queryParams().getAll(name));
            }
        } catch (IllegalArgumentException e) {
            throw new BadRequest("the query string is not valid URL encoding: " + Snippet.of(e.getMessage()));
        }
        return params;
    }

}
