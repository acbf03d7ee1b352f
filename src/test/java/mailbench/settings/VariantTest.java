package mailbench.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.facade.opensearch.ClientOptions;
import mailbench.facade.opensearch.InjectedCost;

class VariantTest {

    @Test
    void shouldOfferTheDocumentedVariants() {
        assertThat(Variant.ALL.keySet()).containsExactly("default", "source-projection", "source-generic", "source-full", "rest-client",
            "opensearch-java-2.2.0", "mapper-per-request", "opensearch-java-3.9.0",
            "opensearch-java-3.9.0-uncompressed", "request-buffer-sized", "response-buffer-sized", "fields-typed",
            "client-remedies");
        assertThat(Variant.ALL.values()).allSatisfy(v -> assertThat(v.description()).isNotBlank());
    }

    @Test
    void everyVariantsFacadeOptionsShouldBeOnesTheFacadeAccepts() {
        for (Variant variant : Variant.ALL.values()) {
            assertThat(clientOptions(variant.facadeArgs())).as(variant.name()).isNotNull();
        }
        assertThat(clientOptions(Variant.named("mapper-per-request").facadeArgs()))
            .isEqualTo(new ClientOptions(ClientOptions.Transport.REST_CLIENT, ClientOptions.Mapper.PER_REQUEST, ClientOptions.Projection.DOC_VALUES));
        assertThat(clientOptions(Variant.named("default").facadeArgs())).isEqualTo(ClientOptions.DEFAULT);
        assertThat(clientOptions(Variant.named("source-projection").facadeArgs()).projection()).isEqualTo(ClientOptions.Projection.SOURCE);
        assertThat(clientOptions(Variant.named("source-generic").facadeArgs()).projection()).isEqualTo(ClientOptions.Projection.SOURCE_GENERIC);
        assertThat(clientOptions(Variant.named("source-full").facadeArgs()).projection()).isEqualTo(ClientOptions.Projection.SOURCE_FULL);
        assertThat(clientOptions(Variant.named("response-buffer-sized").facadeArgs())).isEqualTo(new ClientOptions(
            ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES,
            ClientOptions.ResponseCompression.CLIENT_DEFAULT, InjectedCost.NONE, ClientOptions.ResponseBuffer.SIZED));
        assertThat(clientOptions(Variant.named("fields-typed").facadeArgs()))
            .isEqualTo(new ClientOptions(ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES_TYPED));
        assertThat(clientOptions(Variant.named("client-remedies").facadeArgs())).isEqualTo(new ClientOptions(
            ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES_TYPED,
            ClientOptions.ResponseCompression.CLIENT_DEFAULT, InjectedCost.NONE, ClientOptions.ResponseBuffer.SIZED));
    }

    @Test
    void onlyTheClientVersionVariantsShouldSwapTheClientVersion() {
        assertThat(Variant.named("opensearch-java-2.2.0").opensearchJava()).isEqualTo("2.2.0");
        assertThat(Variant.named("opensearch-java-3.9.0").opensearchJava()).isEqualTo("3.9.0");
        assertThat(clientOptions(Variant.named("opensearch-java-3.9.0").facadeArgs())).isEqualTo(ClientOptions.DEFAULT);
        assertThat(Variant.named("opensearch-java-3.9.0-uncompressed").opensearchJava()).isEqualTo("3.9.0");
        assertThat(clientOptions(Variant.named("opensearch-java-3.9.0-uncompressed").facadeArgs())).isEqualTo(new ClientOptions(
            ClientOptions.Transport.HTTPCLIENT5, ClientOptions.Mapper.SHARED, ClientOptions.Projection.DOC_VALUES,
            ClientOptions.ResponseCompression.OFF));
        assertThat(Variant.ALL.values().stream().filter(v -> v.opensearchJava() != null)).hasSize(3);
    }

    @Test
    void namedShouldRejectAnUnknownName() {
        assertThatThrownBy(() -> Variant.named("nope")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("known: default");
    }

    /** Reads --transport/--mapper/--projection the way the facade command does. */
    private static ClientOptions clientOptions(List<String> args) {
        String transport = "httpclient5";
        String mapper = "shared";
        String projection = "doc-values";
        String responseCompression = "client-default";
        String responseBuffer = "client";
        for (int i = 0; i < args.size(); i += 2) {
            switch (args.get(i)) {
                case "--transport" -> transport = args.get(i + 1);
                case "--mapper" -> mapper = args.get(i + 1);
                case "--projection" -> projection = args.get(i + 1);
                case "--response-compression" -> responseCompression = args.get(i + 1);
                case "--response-buffer" -> responseBuffer = args.get(i + 1);
                case "--client-patch" -> assertThat(mailbench.facade.opensearch.ClientPatches.names()).contains(args.get(i + 1));
                default -> throw new AssertionError("unexpected facade option " + args.get(i));
            }
        }
        return new ClientOptions(ClientOptions.Transport.of(transport), ClientOptions.Mapper.of(mapper), ClientOptions.Projection.of(projection),
            ClientOptions.ResponseCompression.of(responseCompression), InjectedCost.NONE, ClientOptions.ResponseBuffer.of(responseBuffer));
    }
}
