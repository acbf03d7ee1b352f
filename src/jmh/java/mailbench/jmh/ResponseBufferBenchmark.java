package mailbench.jmh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.impl.BasicEntityDetails;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.opensearch.client.transport.httpclient5.HttpAsyncResponseConsumerFactory;

import mailbench.facade.opensearch.SizedResponseConsumer;

/**
 * What opensearch-java's httpclient5 transport allocates to hold one answer before it parses it, alone: a response
 * consumer made by the factory the transport calls, fed the answer as the I/O reactor feeds it (in pieces of at most
 * 8 KiB, its session buffer) until the response the transport reads is built. {@code stock} is the client's
 * {@code HeapBufferedAsyncResponseConsumer} (a {@code ByteArrayBuffer} sized from the first piece, grown, then copied
 * whole by {@code toByteArray}); {@code sized} is the facade's {@link SizedResponseConsumer} (one array of the
 * answer's {@code Content-Length}, handed over). Run with {@code -prof gc} for the bytes per answer.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ResponseBufferBenchmark extends BenchmarkSettings {

    static final int PIECE_BYTES = 8192;
    static final int LIMIT_BYTES = 100 * 1024 * 1024;

    /** 2048: about a GET's answer; 6144: about the default search's (20 hits of doc values); 65536: a large listing. */
    @Param({"2048", "6144", "65536"})
    public int answerBytes;

    private final HttpAsyncResponseConsumerFactory stock = new HttpAsyncResponseConsumerFactory.HeapBufferedResponseConsumerFactory(LIMIT_BYTES);
    private final HttpAsyncResponseConsumerFactory sized = SizedResponseConsumer.factory(LIMIT_BYTES);
    private byte[] answer;

    @Setup
    public void answer() {
        answer = new byte[answerBytes];
        for (int i = 0; i < answer.length; i++) {
            answer[i] = (byte) ('a' + i % 26);
        }
    }

    @Benchmark
    public ClassicHttpResponse stock() throws IOException, HttpException {
        return consumed(stock.createHttpAsyncResponseConsumer());
    }

    @Benchmark
    public ClassicHttpResponse sized() throws IOException, HttpException {
        return consumed(sized.createHttpAsyncResponseConsumer());
    }

    /** Feeds the answer as the reactor does and returns the response the transport would parse. */
    ClassicHttpResponse consumed(AsyncResponseConsumer<ClassicHttpResponse> consumer) throws IOException, HttpException {
        Result result = new Result();
        try {
            consumer.consumeResponse(new BasicHttpResponse(200), new BasicEntityDetails(answer.length, ContentType.APPLICATION_JSON),
                HttpCoreContext.create(), result);
            for (int from = 0; from < answer.length; from += PIECE_BYTES) {
                consumer.consume(ByteBuffer.wrap(answer, from, Math.min(PIECE_BYTES, answer.length - from)).slice());
            }
            consumer.streamEnd(List.of());
            return result.get();
        } finally {
            consumer.releaseResources();
        }
    }

    private static final class Result extends AtomicReference<ClassicHttpResponse> implements FutureCallback<ClassicHttpResponse> {
        @Override
        public void completed(ClassicHttpResponse response) {
            set(response);
        }

        @Override
        public void failed(Exception e) {
            throw new IllegalStateException(e);
        }

        @Override
        public void cancelled() {
            throw new IllegalStateException("cancelled");
        }
    }
}
