package mailbench.jmh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.nio.AsyncRequestProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.net.URIAuthority;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.opensearch.client.transport.httpclient5.internal.HttpEntityAsyncEntityProducer;
import org.opensearch.client.transport.httpclient5.internal.HttpUriRequestProducer;

/**
 * What opensearch-java's httpclient5 transport allocates to send one request body, alone: the request producer made as the
 * transport makes it, driven until the body is written into a channel that takes everything. {@code stock} is
 * {@code HttpUriRequestProducer.create}: its {@code HttpEntityAsyncEntityProducer} allocates an 8 KiB buffer, and its first
 * read through {@code Channels.newChannel} an 8 KiB transfer array, whatever the body's size. {@code sized} is the same
 * producer with a buffer the size of the body (below 8 KiB), the change of the client patch {@code request-buffer-sized}.
 * Run with {@code -prof gc} for the bytes per call ({@code gc.alloc.rate.norm}).
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RequestEntityBenchmark extends BenchmarkSettings {

    static final int STOCK_BUFFER_BYTES = 8192;

    /** 512: about a search's body (the default run's are 300-600 bytes); 4096; 16384, above the stock buffer (no change). */
    @Param({"512", "4096", "16384"})
    public int bodyBytes;

    private final HttpHost host = new HttpHost("http", "127.0.0.1", 9200);
    private byte[] body;

    @Setup
    public void body() {
        StringBuilder json = new StringBuilder("{\"query\":{\"match\":{\"text\":\"");
        while (json.length() < bodyBytes - 4) {
            json.append('x');
        }
        body = json.append("\"}}}").toString().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public long stock() throws IOException {
        return written(HttpUriRequestProducer.create(request(), host));
    }

    @Benchmark
    public long sized() throws IOException {
        HttpUriRequestBase request = request();
        request.setAuthority(new URIAuthority(host));
        request.setScheme(host.getSchemeName());
        return written(new BasicRequestProducer(request, new HttpEntityAsyncEntityProducer(request.getEntity(),
            Math.max(1, Math.min(body.length, STOCK_BUFFER_BYTES)))));
    }

    /** As the transport builds it: the body serialised into a byte array entity. */
    private HttpUriRequestBase request() {
        HttpPost request = new HttpPost("/mail/_search");
        request.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        return request;
    }

    /** Produces the body to its end, as the I/O reactor would; the bytes written. */
    static long written(AsyncRequestProducer producer) throws IOException {
        TakeAll channel = new TakeAll();
        try {
            while (!channel.ended) {
                producer.produce(channel);
            }
            return channel.bytes;
        } finally {
            producer.releaseResources();
        }
    }

    /** A channel whose peer takes every byte at once. */
    private static final class TakeAll implements DataStreamChannel {
        long bytes;
        boolean ended;

        @Override
        public void requestOutput() {
        }

        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            src.position(src.limit());
            bytes += n;
            return n;
        }

        @Override
        public void endStream() {
            ended = true;
        }

        @Override
        public void endStream(List<? extends Header> trailers) {
            ended = true;
        }
    }
}
