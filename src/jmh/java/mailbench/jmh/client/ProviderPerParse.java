package mailbench.jmh.client;

import java.io.IOException;

import jakarta.json.spi.JsonProvider;

/** The provider looked up for every parse, as 2.2.0's {@code JsonValueParser} does. */
public final class ProviderPerParse extends InOwnLoader<byte[], Object> {

    @Override
    protected Object call(byte[] json) throws IOException {
        return JsonpArrays.read(json, JsonProvider.provider());
    }
}
