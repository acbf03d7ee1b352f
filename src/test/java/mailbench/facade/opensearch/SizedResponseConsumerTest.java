package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentTooLongException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.impl.BasicEntityDetails;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.junit.jupiter.api.Test;

class SizedResponseConsumerTest {

    private static final byte[] ANSWER = "{\"hits\":{\"total\":{\"value\":3},\"hits\":[]},\"took\":2}".getBytes(StandardCharsets.UTF_8);

    @Test
    void anAnswerOfKnownLengthShouldBeHeldInOneArrayOfThatLengthAndHandedOverUncopied() throws Exception {
        SizedResponseConsumer.Body body = new SizedResponseConsumer.Body(1024);
        body.streamStart(new BasicEntityDetails(ANSWER.length, ContentType.APPLICATION_JSON), null);
        byte[] array = body.bytes();
        body.consume(ByteBuffer.wrap(ANSWER, 0, 10));
        body.consume(ByteBuffer.wrap(ANSWER, 10, ANSWER.length - 10));
        body.streamEnd(List.of());

        assertThat(array).hasSize(ANSWER.length).isEqualTo(ANSWER);
        assertThat(body.bytes()).as("the same array, never grown nor copied").isSameAs(array);
        assertThat(body.getContent()).isSameAs(body);
    }

    @Test
    void theTransportShouldReadTheAnswerItsHeadersAndItsEncodingAsTheStockConsumerGivesThem() throws Exception {
        BasicHttpResponse head = new BasicHttpResponse(200, "OK");
        head.addHeader("Content-Encoding", "gzip");
        head.addHeader("X-Opaque-Id", "a1");
        ClassicHttpResponse response = consume(new SizedResponseConsumer(1024), head, ANSWER.length, ANSWER);

        assertThat(response.getCode()).isEqualTo(200);
        assertThat(response.getFirstHeader("X-Opaque-Id").getValue()).isEqualTo("a1");
        assertThat(response.getEntity().getContentEncoding()).isEqualTo("gzip");
        assertThat(response.getEntity().getContentType()).startsWith("application/json");
        assertThat(response.getEntity().getContentLength()).isEqualTo(ANSWER.length);
        assertThat(EntityUtils.toByteArray(response.getEntity())).isEqualTo(ANSWER);
    }

    @Test
    void anAnswerOfUnknownLengthShouldGrowAsItComes() throws Exception {
        byte[] large = new byte[3 * SizedResponseConsumer.UNKNOWN_LENGTH_START + 17];
        for (int i = 0; i < large.length; i++) {
            large[i] = (byte) i;
        }
        ClassicHttpResponse response = consume(new SizedResponseConsumer(1 << 20), new BasicHttpResponse(200), -1, large);

        assertThat(EntityUtils.toByteArray(response.getEntity())).isEqualTo(large);
    }

    @Test
    void aDeclaredLengthOverTheLimitShouldFailBeforeAByteIsHeld() {
        SizedResponseConsumer.Body body = new SizedResponseConsumer.Body(100);

        assertThatThrownBy(() -> body.streamStart(new BasicEntityDetails(101, ContentType.APPLICATION_JSON), null))
            .isInstanceOf(ContentTooLongException.class).hasMessageContaining("[101]").hasMessageContaining("limit [100]");
        assertThat(body.bytes()).isNull();
    }

    @Test
    void moreBytesThanTheLimitShouldFailWhateverTheDeclaredLength() throws Exception {
        SizedResponseConsumer.Body body = new SizedResponseConsumer.Body(100);
        AtomicReference<Exception> failure = new AtomicReference<>();
        body.streamStart(new BasicEntityDetails(-1, ContentType.APPLICATION_JSON), callback(failure));
        body.consume(ByteBuffer.allocate(60));

        assertThatThrownBy(() -> body.consume(ByteBuffer.allocate(41))).isInstanceOf(ContentTooLongException.class)
            .hasMessageContaining("[101]");
        assertThat(body.bytes()).as("never grown past the limit").hasSizeLessThanOrEqualTo(100);
    }

    @Test
    void anAnswerWithoutABodyShouldHaveNoEntity() throws Exception {
        AtomicReference<ClassicHttpResponse> result = new AtomicReference<>();
        new SizedResponseConsumer(100).consumeResponse(new BasicHttpResponse(204), null, HttpCoreContext.create(), callback(result, null));

        assertThat(result.get().getCode()).isEqualTo(204);
        assertThat(result.get().getEntity()).isNull();
    }

    @Test
    void aFailureShouldReachTheCallbackAndDropTheBytes() throws Exception {
        SizedResponseConsumer.Body body = new SizedResponseConsumer.Body(100);
        AtomicReference<Exception> failure = new AtomicReference<>();
        body.streamStart(new BasicEntityDetails(50, ContentType.APPLICATION_JSON), callback(failure));
        body.failed(new java.io.IOException("reset"));

        assertThat(failure.get()).hasMessage("reset");
        assertThat(body.bytes()).isNull();
    }

    @Test
    void bytesArrivingAfterARelease_aCancelOnAnotherThread_shouldFailThatCallNotThrowANullPointer() throws Exception {
        SizedResponseConsumer.Body body = new SizedResponseConsumer.Body(100);
        AtomicReference<Exception> failure = new AtomicReference<>();
        body.streamStart(new BasicEntityDetails(50, ContentType.APPLICATION_JSON), callback(failure));
        body.releaseResources();

        assertThatThrownBy(() -> body.consume(ByteBuffer.allocate(10))).isInstanceOf(java.io.IOException.class)
            .hasMessageContaining("released");
        body.streamEnd(List.of());
        assertThat(body.getContent()).as("no answer handed over").isNull();
    }

    @Test
    void theLimitShouldBePositive() {
        assertThatThrownBy(() -> SizedResponseConsumer.factory(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static ClassicHttpResponse consume(SizedResponseConsumer consumer, BasicHttpResponse head, long length, byte[] bytes)
        throws Exception {
        AtomicReference<ClassicHttpResponse> result = new AtomicReference<>();
        consumer.consumeResponse(head, new BasicEntityDetails(length, ContentType.APPLICATION_JSON), HttpCoreContext.create(),
            callback(result, null));
        for (int from = 0; from < bytes.length; from += 1000) {
            consumer.consume(ByteBuffer.wrap(bytes, from, Math.min(1000, bytes.length - from)));
        }
        consumer.streamEnd(List.of());
        assertThat(result.get()).as("completed").isNotNull();
        return result.get();
    }

    private static <T> FutureCallback<T> callback(AtomicReference<Exception> failure) {
        return callback(null, failure);
    }

    private static <T> FutureCallback<T> callback(AtomicReference<T> result, AtomicReference<Exception> failure) {
        return new FutureCallback<>() {
            @Override
            public void completed(T value) {
                if (result != null) {
                    result.set(value);
                }
            }

            @Override
            public void failed(Exception e) {
                if (failure != null) {
                    failure.set(e);
                }
            }

            @Override
            public void cancelled() {
            }
        };
    }
}
