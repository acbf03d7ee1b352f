package mailbench.facade;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import mailbench.json.Json;

/**
 * Reads request JSON with its bounds enforced while the parser reads, before any tree is whole:
 * nesting depth, number and field-name lengths, and a budget of tokens per message. A body's
 * shape (ten million {@code {}}, a thousand nested arrays) thus costs no more heap than one
 * message at its limits, whatever its size under {@code --max-body-bytes}.
 */
final class RequestJson {

    /** A message nests 3 deep (message, attachments, one attachment); a bulk array adds one. */
    static final int MAX_DEPTH = 8;
    /** A long has at most 20 characters. */
    static final int MAX_NUMBER_CHARS = 40;
    /** Every known field name is short; an unknown one is refused anyway. */
    static final int MAX_NAME_CHARS = 256;
    /** A message at every other limit (1,000 to, 1,000 cc, 1,000 attachments, 64 flags) takes about 10,100. */
    static final int MAX_MESSAGE_TOKENS = 20_000;

    private static final ObjectMapper MAPPER = mapper();

    private RequestJson() {
    }

    private static ObjectMapper mapper() {
        ObjectMapper mapper = Json.newMapper();
        // strings keep Jackson's default (20,000,000 characters): attachmentText may be megabytes
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_CHARS).maxNameLength(MAX_NAME_CHARS).build());
        return mapper;
    }

    /** One message, the whole body. */
    static JsonNode message(byte[] body) {
        if (isBlank(body, 0, body.length)) {
            throw new BadRequest("the request body is empty: send the message as a JSON object");
        }
        try (Tokens tokens = Tokens.over(body, 0, body.length)) {
            if (tokens.next() != JsonToken.START_OBJECT) {
                throw new BadRequest("a message must be a JSON object");
            }
            JsonNode message = tokens.value();
            if (tokens.next() != null) {
                throw new BadRequest("the request body is not valid JSON: content after the message's closing '}'");
            }
            return message;
        } catch (IOException e) {
            throw new BadRequest("the request body is not valid JSON: " + reason(e));
        }
    }

    static boolean isBlank(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(bytes[i])) {
                return false;
            }
        }
        return true;
    }

    /** Why a read failed, in words a client can act on (no parser internals, no stack trace). */
    static String reason(IOException e) {
        if (e instanceof StreamConstraintsException) {
            // "Document nesting depth (9) exceeds the maximum allowed (8, from `StreamReadConstraints.getMaxNestingDepth()`)"
            return ((StreamConstraintsException) e).getOriginalMessage().replaceAll(", from `[^`]*`", "")
                + " (see docs/facade.adoc, Facade limits)";
        }
        return Snippet.of(e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage());
    }

    /** A parser over part of a body that reads one value at a time, each within {@link #MAX_MESSAGE_TOKENS}. */
    static final class Tokens extends JsonParserDelegate implements AutoCloseable {

        private long count;
        private long limit = Long.MAX_VALUE;

        private Tokens(JsonParser parser) {
            super(parser);
        }

        static Tokens over(byte[] body, int offset, int length) throws IOException {
            return new Tokens(MAPPER.getFactory().createParser(body, offset, length));
        }

        JsonToken next() throws IOException {
            return nextToken();
        }

        /** The value that starts at the current token, as a tree, or a 400 once it passes its token budget. */
        JsonNode value() throws IOException {
            limit = count + MAX_MESSAGE_TOKENS;
            try {
                return MAPPER.readTree(this);
            } finally {
                limit = Long.MAX_VALUE;
            }
        }

        @Override
        public JsonToken nextToken() throws IOException {
            if (++count > limit) {
                throw new BadRequest("a message holds more than " + MAX_MESSAGE_TOKENS
                    + " JSON tokens (values, names, brackets); see docs/facade.adoc, Facade limits");
            }
            return super.nextToken();
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken token = nextToken();
            return token == JsonToken.FIELD_NAME ? nextToken() : token;
        }

        @Override
        public void close() throws IOException {
            super.close();
        }
    }
}
