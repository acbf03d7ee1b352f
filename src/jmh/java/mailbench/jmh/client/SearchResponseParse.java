package mailbench.jmh.client;

import mailbench.facade.opensearch.MailDocument;

/** The facade's typed search decode, in whichever client this class's loader holds. */
public final class SearchResponseParse extends InOwnLoader<byte[], Object> {

    private final ResponseDecoder<MailDocument> decoder = ResponseDecoder.of(MailDocument.class);

    @Override
    protected Object call(byte[] body) {
        return decoder.decode(body);
    }
}
