package org.opensearch.client.transport.httpclient5.internal;

import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.net.URIAuthority;
import org.apache.hc.core5.util.Args;

/**
 * mailbench's client patch {@code request-buffer-sized}: a stand-in for opensearch-java's class of the same name (2.x and
 * 3.x), put ahead of the client on the facade's classpath by the variant of that name, to measure the change proposed
 * upstream before it exists (docs/results/2026-11-26-client-costs.adoc). One difference: the entity producer's buffer is
 * the body's length when that is known and below 8 KiB. The stock producer allocates 8 KiB for every request, and its
 * first read through {@code Channels.newChannel} another 8 KiB transfer array, for search bodies of a few hundred bytes.
 * The public API is the stock one, which the transport calls.
 */
public class HttpUriRequestProducer extends BasicRequestProducer {

    /** The stock producer's buffer. */
    static final int STOCK_BUFFER_BYTES = 8192;

    private final HttpUriRequestBase request;

    HttpUriRequestProducer(final HttpUriRequestBase request, final AsyncEntityProducer entityProducer) {
        super(request, entityProducer);
        this.request = request;
    }

    public HttpUriRequestBase getRequest() {
        return request;
    }

    public static HttpUriRequestProducer create(final HttpUriRequestBase request, final HttpHost host) {
        Args.notNull(request, "Request");
        Args.notNull(host, "HttpHost");
        request.setAuthority(new URIAuthority(host));
        request.setScheme(host.getSchemeName());
        final HttpEntity entity = request.getEntity();
        return new HttpUriRequestProducer(request, entity == null ? null : new HttpEntityAsyncEntityProducer(entity, bufferBytes(entity)));
    }

    /**
     * The body's length when known and below the stock buffer, else the stock buffer. Never 0: a producer with no room
     * would read 0 bytes forever instead of reaching the end of an empty body.
     */
    static int bufferBytes(final HttpEntity entity) {
        final long length = entity.getContentLength();
        return length >= 0 && length < STOCK_BUFFER_BYTES ? (int) Math.max(1, length) : STOCK_BUFFER_BYTES;
    }
}
