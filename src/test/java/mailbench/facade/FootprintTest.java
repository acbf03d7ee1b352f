package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.NdJsonpSerializable;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.opensearch.core.BulkResponse;

import jakarta.json.stream.JsonGenerator;
import mailbench.facade.opensearch.MailDocument;
import mailbench.json.Json;

/**
 * Measures what messages of each shape really hold, parsed and serialised as the client does for a bulk, against the
 * estimate {@link Footprint} takes for them: the serialised bytes exactly, the objects by the heap a full GC leaves.
 */
class FootprintTest {

    private static final JsonpMapper MAPPER = new JacksonJsonpMapper(Json.MAPPER);
    private static final String HEAD = "{\"mailboxId\":\"m\",\"messageId\":\"%d\",\"from\":\"a@b.c\",\"receivedAt\":\"2025-01-01T00:00:00Z\"";

    record Shape(String name, int count, IntFunction<String> line) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Shape> shapes() {
        return Stream.of(
            new Shape("minimal", 20_000, i -> HEAD.formatted(i) + "}"),
            new Shape("1,000 empty attachments", 1_000, i -> HEAD.formatted(i) + ",\"attachments\":[" + repeat("{}", 1_000) + "]}"),
            new Shape("1,000 attachments of size 1e15", 1_000, i -> HEAD.formatted(i) + ",\"attachments\":["
                + repeat("{\"size\":1e15}", 1_000) + "]}"),
            new Shape("2,000 recipients", 1_000, i -> HEAD.formatted(i) + ",\"to\":[" + repeat("\"a@b.c\"", 1_000) + "],\"cc\":["
                + repeat("\"a@b.c\"", 1_000) + "]}"),
            new Shape("64 flags", 10_000, i -> HEAD.formatted(i) + ",\"flags\":[" + repeat("\"seen\"", 64) + "]}"),
            new Shape("ASCII text", 200, i -> HEAD.formatted(i) + ",\"body\":\"" + "word ".repeat(20_000) + "\"}"),
            new Shape("CJK text", 200, i -> HEAD.formatted(i) + ",\"body\":\"" + "\u6f22\u5b57".repeat(20_000) + "\"}"),
            new Shape("escaped control characters", 200, i -> HEAD.formatted(i) + ",\"body\":\"" + "\\u0001\\n".repeat(10_000) + "\"}"));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void theEstimateShouldCoverTheSerialisedRequestAndTheObjects(Shape shape) throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < shape.count(); i++) {
            body.append(shape.line().apply(i)).append('\n');
        }
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        String[] lines = body.toString().split("\n");

        long before = liveHeap();
        List<BulkPayload.Item> items = BulkPayload.parse(bytes, 100_000);
        long objects = liveHeap() - before;
        long serialised = serialisedBulk(items);

        long estimatedObjects = 0;
        long estimatedSerialised = 0;
        for (int i = 0; i < items.size(); i++) {
            MailDocument document = items.get(i).document();
            assertThat(document).as(items.get(i).error()).isNotNull();
            long wire = lines[i].getBytes(StandardCharsets.UTF_8).length;
            estimatedObjects += Footprint.objects(document);
            estimatedSerialised += Footprint.serialised(document, wire);
        }
        System.out.printf("[footprint] %s x %d: wire %d bytes; objects %d measured, %d estimated; serialised %d, %d estimated%n",
            shape, shape.count(), bytes.length, objects, estimatedObjects, serialised, estimatedSerialised);
        assertThat(estimatedSerialised).as("serialised").isGreaterThanOrEqualTo(serialised);
        // the parsed list's own slots and item records are counted with the answer's slots
        assertThat(estimatedObjects + (long) items.size() * Footprint.ANSWER_SLOT_BYTES / 4).as("objects").isGreaterThanOrEqualTo(objects);
        assertThat(items).hasSize(shape.count());
    }

    @Test
    void anAnswerSlotShouldHoldLessThanItsEstimate() throws Exception {
        int count = 10_000;
        String item = "{\"index\":{\"_index\":\"mail\",\"_id\":\"mbx-00001:msg-%d\",\"status\":400,\"error\":{\"type\":"
            + "\"mapper_parsing_exception\",\"reason\":\"failed to parse field [receivedAt] of type [date] in document with id"
            + " 'mbx-00001:msg-%d'. Preview of field's value: '99999-01-01T00:00:00Z'\"}}}";
        StringBuilder json = new StringBuilder("{\"took\":30,\"errors\":true,\"items\":[");
        for (int i = 0; i < count; i++) {
            json.append(i == 0 ? "" : ",").append(item.formatted(i, i));
        }
        byte[] response = json.append("]}").toString().getBytes(StandardCharsets.UTF_8);

        long before = liveHeap();
        BulkResponse parsed = BulkResponse._DESERIALIZER.deserialize(MAPPER.jsonProvider().createParser(
            new java.io.ByteArrayInputStream(response)), MAPPER);
        List<mailbench.facade.opensearch.MailStore.BulkOutcome> outcomes = new ArrayList<>();
        List<BulkPayload.Item> items = new ArrayList<>();
        for (var i : parsed.items()) {
            String error = i.error().type() + ": " + i.error().reason();
            outcomes.add(new mailbench.facade.opensearch.MailStore.BulkOutcome(i.status(), error));
            items.add(new BulkPayload.Item(null, "mbx-00001", i.id(), error));
        }
        byte[] reply = Json.MAPPER.writeValueAsBytes(BulkReply.of(items, List.of(), 0));
        // the answer as the transport buffers it: a buffer that doubles as it fills, then its copy
        long held = liveHeap() - before + 3L * response.length;

        System.out.printf("[footprint] bulk answer of %d slots: %d bytes from OpenSearch, %d of reply, %d held in all: %d a slot%n",
            count, response.length, reply.length, held, held / count);
        assertThat(held / count).isLessThan(Footprint.ANSWER_SLOT_BYTES);
        assertThat(parsed.items()).hasSize(count);
        assertThat(outcomes).hasSameSizeAs(items);
    }

    /** The bulk's NDJSON as the transports write it: each operation and document through the client's mapper. */
    private static long serialisedBulk(List<BulkPayload.Item> items) {
        BulkRequest.Builder request = new BulkRequest.Builder().index("mail");
        for (BulkPayload.Item item : items) {
            MailDocument document = item.document();
            request.operations(op -> op.index(i -> i.id(document.documentId()).document(document)));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeNdJson(request.build(), out);
        return out.size();
    }

    private static void writeNdJson(NdJsonpSerializable value, ByteArrayOutputStream out) {
        for (Iterator<?> parts = value._serializables(); parts.hasNext(); ) {
            Object part = parts.next();
            if (part instanceof NdJsonpSerializable nested && part != value) {
                writeNdJson(nested, out);
                continue;
            }
            try (JsonGenerator generator = MAPPER.jsonProvider().createGenerator(out)) {
                MAPPER.serialize(part, generator);
            }
            out.write('\n');
        }
    }

    private static long liveHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static String repeat(String value, int times) {
        return String.join(",", java.util.Collections.nCopies(times, value));
    }
}
