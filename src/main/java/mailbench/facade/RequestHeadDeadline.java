package mailbench.facade;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * A deadline for each HTTP/1.1 request head, from its first byte (or from the connection's start) to
 * its last: past it, 408 and the connection is closed. Vert.x's idle timeout sees only decoded
 * messages, so it closes a head sent a byte at a time too, but silently and only after the whole idle
 * time (60 s by default, which must outlast a call to OpenSearch): this deadline is shorter and tells
 * the client why. Idle time between requests, the body, and the wait for the answer are not counted
 * (the idle timeout covers them). Vert.x has no option for it: two Netty handlers on the connection's pipeline, one on
 * the raw bytes before the HTTP decoder, one on the decoded requests and the answers. A head that came in the same
 * packet as the request before it (pipelined) is already in the decoder when that request is answered: its deadline
 * starts then, since no byte will come to start it (such a half head held a connection open for the whole idle time).
 */
final class RequestHeadDeadline {

    /** Vert.x's names for its handlers in an HTTP/1.x server pipeline (io.vertx.core.http.impl.tcp.HttpServerConnectionInitializer). */
    private static final String DECODER = "httpDecoder";
    private static final String VERTX_HANDLER = "handler";

    /**
     * ByteToMessageDecoder's protected count of the bytes it holds undecoded, asked after each answer; a method handle, which
     * the JIT inlines like a call, where reflection would cost more on every answer; null where this Netty hides it.
     */
    private static final java.lang.invoke.MethodHandle HELD_BYTES = heldBytesMethod();

    private final long timeoutMs;
    private ChannelHandlerContext messages;
    private ChannelHandler decoder;
    private ScheduledFuture<?> timer;
    /** A head has started (bytes came with no request waiting) and is not decoded yet. */
    private boolean inHead;
    /** A request head was decoded and its body's last bytes were not. */
    private boolean inBody;
    /** Decoded requests not answered yet. */
    private int unanswered;

    private RequestHeadDeadline(long timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /**
     * Watches {@code connection}'s request heads, starting with the first, due {@code timeout} from now. A connection
     * that is not plain HTTP/1.x (h2c) is left alone: it has no such pipeline.
     */
    static void install(HttpConnection connection, Duration timeout) {
        if (!(connection instanceof ConnectionBase base)) {
            return;
        }
        ChannelPipeline pipeline = base.channel().pipeline();
        if (pipeline.get(DECODER) == null || pipeline.get(VERTX_HANDLER) == null) {
            return;
        }
        RequestHeadDeadline deadline = new RequestHeadDeadline(timeout.toMillis());
        pipeline.addBefore(DECODER, "mailbenchHeadBytes", deadline.new Bytes());
        pipeline.addBefore(VERTX_HANDLER, "mailbenchHeadMessages", deadline.new Messages());
        deadline.messages = pipeline.context("mailbenchHeadMessages");
        deadline.decoder = pipeline.get(DECODER);
        deadline.start();
    }

    private static java.lang.invoke.MethodHandle heldBytesMethod() {
        try {
            return java.lang.invoke.MethodHandles.privateLookupIn(ByteToMessageDecoder.class, java.lang.invoke.MethodHandles.lookup())
                .findVirtual(ByteToMessageDecoder.class, "actualReadableBytes", java.lang.invoke.MethodType.methodType(int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether the HTTP decoder holds the start of a head it could not decode yet. */
    private boolean headHeld() {
        if (HELD_BYTES == null || !(decoder instanceof ByteToMessageDecoder bytes)) {
            return false;
        }
        try {
            return (int) HELD_BYTES.invokeExact(bytes) > 0;
        } catch (Throwable e) {
            return false; // the count cannot fail; if it ever does, the idle timeout still closes the connection
        }
    }

    private void start() {
        inHead = true;
        timer = messages.executor().schedule(this::expire, timeoutMs, TimeUnit.MILLISECONDS);
    }

    private void stop() {
        inHead = false;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void expire() {
        timer = null;
        if (!inHead || unanswered > 0 || !messages.channel().isActive()) {
            return;
        }
        byte[] json = ("{\"error\":\"the request head was not complete within " + timeoutMs
            + " ms of its first byte (--request-head-timeout-ms)\"}").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.REQUEST_TIMEOUT,
            Unpooled.wrappedBuffer(json));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json").set(HttpHeaderNames.CONTENT_LENGTH, json.length)
            .set(HttpHeaderNames.CONNECTION, "close");
        messages.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    /** Raw bytes, before the decoder: the first of a new head starts its deadline. */
    private final class Bytes extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!inHead && !inBody && unanswered == 0 && msg instanceof ByteBuf bytes && bytes.isReadable()) {
                start();
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            stop();
            ctx.fireChannelInactive();
        }
    }

    /** Decoded requests (a head is complete) and the answers written to them. */
    private final class Messages extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                stop();
                unanswered++;
                inBody = true;
            }
            if (msg instanceof LastHttpContent) {
                inBody = false;
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ctx.write(msg, promise);
            if (msg instanceof LastHttpContent && unanswered > 0) {
                unanswered--;
                if (unanswered == 0 && !inBody && !inHead && headHeld()) {
                    start(); // a pipelined head's start, waiting in the decoder since before this answer
                }
            }
        }
    }
}
