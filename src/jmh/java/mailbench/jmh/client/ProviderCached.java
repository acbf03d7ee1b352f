package mailbench.jmh.client;

import java.io.IOException;

import jakarta.json.spi.JsonProvider;

/** The provider looked up once and reused, as opensearch-java does since 2.3.0. */
public final class ProviderCached extends InOwnLoader<byte[], Object> {

    // looked up when built: the isolated loader builds it with itself as the context loader
    private final JsonProvider provider = JsonProvider.provider();

    @Override
    protected Object call(byte[] json) throws IOException {
        return JsonpArrays.read(json, provider);
    }
}
