package mailbench.facade.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OpenSearchClientsTest {

    @Test
    void restClientTransportShouldBeRefusedOnA3xClientWithTheFix() {
        assertThatThrownBy(() -> OpenSearchClients.requireRestClientTransport("3.9.0"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("--transport rest-client needs opensearch-java 2.x")
            .hasMessageContaining("use --transport httpclient5");
    }

    @Test
    void restClientTransportShouldBeAcceptedOn2xOrAnUnknownClient() {
        assertThatCode(() -> OpenSearchClients.requireRestClientTransport("2.2.0")).doesNotThrowAnyException();
        assertThatCode(() -> OpenSearchClients.requireRestClientTransport("2.26.0")).doesNotThrowAnyException();
        assertThatCode(() -> OpenSearchClients.requireRestClientTransport("unknown")).doesNotThrowAnyException();
    }

    @Test
    void majorShouldBeReadFromTheVersionNumber() {
        assertThat(ClientVersion.major("3.9.0")).isEqualTo(3);
        assertThat(ClientVersion.major("10.0.1")).isEqualTo(10);
        assertThat(ClientVersion.major("unknown")).isZero();
    }

    @Test
    void indexSettingsShouldCarryShardsAndReplicas() {
        var settings = MailIndex.settings(3, 0, new org.opensearch.client.json.jackson.JacksonJsonpMapper());
        assertThat(settings.numberOfShards()).isEqualTo("3");
        assertThat(settings.numberOfReplicas()).isEqualTo("0");

        var staging = MailIndex.settings(1, 2, new org.opensearch.client.json.jackson.JacksonJsonpMapper());
        assertThat(staging.numberOfReplicas()).isEqualTo("2");
    }
}
