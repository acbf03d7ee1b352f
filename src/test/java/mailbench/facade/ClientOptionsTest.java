package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.ClientOptions.Mapper;
import mailbench.facade.opensearch.ClientOptions.Projection;
import mailbench.facade.opensearch.ClientOptions.ResponseBuffer;
import mailbench.facade.opensearch.ClientOptions.ResponseCompression;
import mailbench.facade.opensearch.ClientOptions.Transport;

class ClientOptionsTest {

    @Test
    void shouldReadTheCommandLineNames() {
        assertThat(Transport.of("httpclient5")).isEqualTo(Transport.HTTPCLIENT5);
        assertThat(Transport.of("rest-client")).isEqualTo(Transport.REST_CLIENT);
        assertThat(Mapper.of("per-request")).isEqualTo(Mapper.PER_REQUEST);
        assertThat(Mapper.of("shared")).isEqualTo(Mapper.SHARED);
        assertThat(Projection.of("doc-values")).isEqualTo(Projection.DOC_VALUES);
        assertThat(Projection.of("source")).isEqualTo(Projection.SOURCE);
        assertThat(Projection.of("source-full")).isEqualTo(Projection.SOURCE_FULL);
        assertThat(Projection.of("source-generic")).isEqualTo(Projection.SOURCE_GENERIC);
        assertThat(ResponseCompression.of("client-default")).isEqualTo(ResponseCompression.CLIENT_DEFAULT);
        assertThat(ResponseCompression.of("off")).isEqualTo(ResponseCompression.OFF);
        assertThat(ClientOptions.DEFAULT.responseCompression()).isEqualTo(ResponseCompression.CLIENT_DEFAULT);
        assertThat(Projection.of("doc-values-typed")).isEqualTo(Projection.DOC_VALUES_TYPED);
        assertThat(ResponseBuffer.of("sized")).isEqualTo(ResponseBuffer.SIZED);
        assertThat(ClientOptions.DEFAULT.responseBuffer()).isEqualTo(ResponseBuffer.CLIENT);
    }

    @Test
    void shouldNameTheAcceptedValuesOfABadOne() {
        assertThatThrownBy(() -> Transport.of("REST_CLIENT")).hasMessage("--transport must be httpclient5 or rest-client, got 'REST_CLIENT'");
        assertThatThrownBy(() -> Mapper.of("")).hasMessage("--mapper must be shared or per-request, got ''");
        assertThatThrownBy(() -> Projection.of("docvalues")).hasMessage("--projection must be doc-values or doc-values-typed or source or source-generic or source-full, got 'docvalues'");
        assertThatThrownBy(() -> ResponseBuffer.of("copy")).hasMessage("--response-buffer must be client or sized, got 'copy'");
        assertThatThrownBy(() -> ResponseCompression.of("gzip")).hasMessage("--response-compression must be client-default or off, got 'gzip'");
    }

    @Test
    void theSizedResponseBufferShouldNeedHttpClient5() {
        assertThatThrownBy(() -> new ClientOptions(Transport.REST_CLIENT, Mapper.SHARED, Projection.DOC_VALUES, ResponseCompression.CLIENT_DEFAULT,
            mailbench.facade.opensearch.InjectedCost.NONE, ResponseBuffer.SIZED))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--response-buffer sized needs --transport httpclient5");
    }

    @Test
    void aMapperPerRequestShouldNeedTheRestClient() {
        assertThatThrownBy(() -> new ClientOptions(Transport.HTTPCLIENT5, Mapper.PER_REQUEST, Projection.DOC_VALUES))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--mapper per-request needs --transport rest-client");
        assertThat(new ClientOptions(Transport.REST_CLIENT, Mapper.PER_REQUEST, Projection.SOURCE).mapper()).isEqualTo(Mapper.PER_REQUEST);
    }
}
