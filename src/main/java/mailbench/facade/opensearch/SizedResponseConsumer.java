package mailbench.facade.opensearch;

import java.nio.ByteBuffer;
import java.util.List;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentTooLongException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;
import org.apache.hc.core5.http.nio.AsyncEntityConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.nio.support.AbstractAsyncResponseConsumer;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.opensearch.client.transport.httpclient5.HttpAsyncResponseConsumerFactory;

/**
 * An answer buffered once: the array is sized from the answer's {@code Content-Length} and handed to the transport as
 * it is, where opensearch-java's {@code HeapBufferedAsyncEntityConsumer} sizes a {@code ByteArrayBuffer} from the first
 * chunk, grows it, then copies it whole ({@code toByteArray}) for the entity. Built through the transport's public
 * option ({@code ApacheHttpClient5Options.setHttpAsyncResponseConsumerFactory}): what any application can do today.
 * The limit is kept as the stock consumer keeps it, with the same {@link ContentTooLongException}, and checked before a
 * byte is held when the declared length is already over it. A {@code Content-Length} is a hint only: a compressed or
 * chunked answer grows the array as it comes.
 */
public final class SizedResponseConsumer extends AbstractAsyncResponseConsumer<ClassicHttpResponse, SizedResponseConsumer.Body> {

    /** The first array of an answer of unknown length (chunked): the stock consumer's first chunk is of this order. */
    static final int UNKNOWN_LENGTH_START = 4096;

    /** The factory the transport calls once per request attempt. */
    public static HttpAsyncResponseConsumerFactory factory(int limitBytes) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("the answer limit must be above 0 bytes, got " + limitBytes);
        }
        return () -> new SizedResponseConsumer(limitBytes);
    }

    SizedResponseConsumer(int limitBytes) {
        super(() -> new Body(limitBytes));
    }

    @Override
    public void informationResponse(HttpResponse response, HttpContext context) {
        // 1xx answers carry no body
    }

    /** As the stock consumer builds it: the answer's status, version, headers and entity (with its content encoding). */
    @Override
    protected ClassicHttpResponse buildResult(HttpResponse response, Body body, ContentType contentType) {
        ClassicHttpResponse result = new BasicClassicHttpResponse(response.getCode());
        result.setVersion(response.getVersion());
        result.setHeaders(response.getHeaders());
        result.setReasonPhrase(response.getReasonPhrase());
        if (response.getLocale() != null) {
            result.setLocale(response.getLocale());
        }
        if (body != null) {
            Header encoding = response.getFirstHeader(HttpHeaders.CONTENT_ENCODING);
            result.setEntity(new ByteArrayEntity(body.bytes, 0, body.length, contentType, encoding == null ? null : encoding.getValue()));
        }
        return result;
    }

    /** One answer's bytes: an array and how much of it is the answer. Not thread-safe: the I/O reactor calls it in turn. */
    static final class Body implements AsyncEntityConsumer<Body> {

        private final int limitBytes;
        private byte[] bytes;
        private int length;
        private FutureCallback<Body> callback;
        private Body content;

        Body(int limitBytes) {
            this.limitBytes = limitBytes;
        }

        @Override
        public void streamStart(EntityDetails details, FutureCallback<Body> resultCallback) throws ContentTooLongException {
            long declared = details.getContentLength();
            if (declared > limitBytes) {
                throw tooLong(declared);
            }
            bytes = new byte[declared >= 0 ? (int) declared : Math.min(UNKNOWN_LENGTH_START, limitBytes)];
            callback = resultCallback;
        }

        @Override
        public void updateCapacity(CapacityChannel channel) throws java.io.IOException {
            channel.update(Integer.MAX_VALUE);
        }

        @Override
        public void consume(ByteBuffer src) throws java.io.IOException {
            if (bytes == null) {
                // released by a cancel on another thread while the I/O thread still reads: the call is over
                throw new java.io.IOException("the answer's buffer was released: the call was cancelled or failed");
            }
            int n = src.remaining();
            if ((long) length + n > limitBytes) {
                throw tooLong((long) length + n);
            }
            if (length + n > bytes.length) {
                // a hint that was short (compressed, chunked): double, never past the limit
                bytes = java.util.Arrays.copyOf(bytes, (int) Math.min(limitBytes, Math.max(length + n, 2L * bytes.length)));
            }
            src.get(bytes, length, n);
            length += n;
        }

        @Override
        public void streamEnd(List<? extends Header> trailers) {
            if (bytes == null) {
                return; // released before the end (cancelled or failed): there is no answer to hand over
            }
            content = this;
            if (callback != null) {
                callback.completed(this);
            }
        }

        @Override
        public void failed(Exception cause) {
            if (callback != null) {
                callback.failed(cause);
            }
            releaseResources();
        }

        @Override
        public Body getContent() {
            return content;
        }

        @Override
        public void releaseResources() {
            if (content == null) {
                bytes = null;
            }
        }

        int length() {
            return length;
        }

        byte[] bytes() {
            return bytes;
        }

        private ContentTooLongException tooLong(long bytes) {
            return new ContentTooLongException("entity content is too long [" + bytes + "] for the configured buffer limit [" + limitBytes + "]");
        }
    }
}
