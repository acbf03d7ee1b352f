package mailbench.costs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.profiler.CollapsedStacks;

class CostTableTest {

    private static final String PRODUCER_INIT =
        "org/opensearch/client/transport/httpclient5/internal/HttpEntityAsyncEntityProducer.<init>:44_[j]";

    @Test
    void aSampleShouldBeChargedToTheDeepestFrameOfTheFacadeOrTheClientWithItsLine() {
        assertThat(site("[vert.x-eventloop-thread-0 tid=1];io/netty/Loop.run:10_[j];mailbench/facade/MailRoutes.search:88_[j];"
            + "org/opensearch/client/opensearch/OpenSearchAsyncClient.search:120_[j];" + PRODUCER_INIT + ";java/nio/ByteBuffer.allocate:1_[j];"
            + "byte[]_[k] 4")).isEqualTo(new CostSite(
                "org/opensearch/client/transport/httpclient5/internal/HttpEntityAsyncEntityProducer.<init>:44", CostPart.TRANSPORT));
        assertThat(site("[httpclient-dispatch-1];org/apache/hc/core5/reactor/SingleCoreIOReactor.execute:90_[j];"
            + "org/opensearch/client/json/jackson/JacksonJsonpParser.next:70_[j];com/fasterxml/jackson/core/json/UTF8StreamJsonParser.nextToken:1_[j] 2"))
            .isEqualTo(new CostSite("org/opensearch/client/json/jackson/JacksonJsonpParser.next:70", CostPart.CLIENT));
        assertThat(site("[vert.x-eventloop-thread-0];io/netty/Loop.run:10_[j];mailbench/facade/JsonReplies.ok:40_[j];"
            + "io/vertx/core/http/impl/Http1xServerResponse.end:5_[j];writev_[k] 3"))
            .as("what the facade calls outside the client is the facade's").isEqualTo(new CostSite("mailbench/facade/JsonReplies.ok:40", CostPart.FACADE));
        assertThat(site("[vert.x-eventloop-thread-0];io/netty/channel/nio/NioEventLoop.run:10_[j];io/netty/channel/nio/NioEventLoop.select:2_[j];epoll_wait_[k] 9"))
            .isEqualTo(new CostSite("io/netty/channel/nio/NioEventLoop.select:2", CostPart.RUNTIME));
        assertThat(site("[GC Thread#0];G1ParTask::work;memcpy 5")).isEqualTo(new CostSite("memcpy", CostPart.RUNTIME));
        assertThat(site("[httpclient-dispatch-0];jakarta/json/spi/JsonProvider.provider:1_[j] 1").part()).isEqualTo(CostPart.CLIENT);
        assertThat(site("[I/O dispatcher 1];org/opensearch/client/RestClient$1.completed:300_[j] 1").part()).isEqualTo(CostPart.TRANSPORT);
    }

    @Test
    void sharesShouldBeScaledToTheMeasuredTotalsPerRequest() {
        CollapsedStacks cpu = CollapsedStacks.parse(List.of(
            "[httpclient-dispatch-0];" + PRODUCER_INIT + " 30",
            "[vert.x-eventloop-thread-0];mailbench/facade/JsonReplies.ok:40_[j] 50",
            "[GC Thread#0];memcpy 20"));
        CollapsedStacks allocation = CollapsedStacks.parse(List.of(
            "[httpclient-dispatch-0];" + PRODUCER_INIT + ";java.nio.HeapByteBuffer_[i] 6000",
            "[vert.x-eventloop-thread-0];mailbench/facade/JsonReplies.ok:40_[j];byte[]_[i] 2000"));
        CostTable table = CostTable.of(cpu, allocation, 200.0, 40_000.0, 2);

        assertThat(table.byCpu()).extracting(CostTable.Row::part).containsExactly(CostPart.FACADE, CostPart.TRANSPORT);
        CostTable.Row facade = table.byCpu().get(0);
        assertThat(facade.cpuMicros()).isCloseTo(100.0, within(1e-9));
        assertThat(facade.bytes()).isCloseTo(10_000.0, within(1e-9));
        CostTable.Row producer = table.byBytes().get(0);
        assertThat(producer.site()).endsWith("HttpEntityAsyncEntityProducer.<init>:44");
        assertThat(producer.bytes()).isCloseTo(30_000.0, within(1e-9));
        assertThat(producer.bytesPercent()).isCloseTo(75.0, within(1e-9));
        assertThat(producer.cpuMicros()).isCloseTo(60.0, within(1e-9));
        assertThat(table.parts()).extracting(CostTable.PartTotal::part).containsExactly(CostPart.TRANSPORT, CostPart.FACADE, CostPart.RUNTIME);
        assertThat(table.parts().stream().mapToDouble(CostTable.PartTotal::cpuMicros).sum()).isCloseTo(200.0, within(1e-9));
        assertThat(table.parts().stream().mapToDouble(CostTable.PartTotal::bytes).sum()).isCloseTo(40_000.0, within(1e-9));
    }

    @Test
    void aSiteShouldNameItsUpstreamFileAndLine() {
        Map<String, String> versions = Map.of("opensearchJava", "2.26.0");
        assertThat(UpstreamSource.of(new CostSite(
            "org/opensearch/client/transport/httpclient5/internal/HttpEntityAsyncEntityProducer.<init>:44", CostPart.TRANSPORT), versions))
            .isEqualTo("opensearch-java v2.26.0 java-client/src/main/java/org/opensearch/client/transport/httpclient5/internal/"
                + "HttpEntityAsyncEntityProducer.java:44");
        assertThat(UpstreamSource.of(new CostSite("org/apache/hc/core5/http/impl/nio/ClientHttp1StreamDuplexer$1.run:200", CostPart.TRANSPORT),
            versions)).isEqualTo("httpcomponents-core httpcore5/src/main/java/org/apache/hc/core5/http/impl/nio/ClientHttp1StreamDuplexer.java:200");
        assertThat(UpstreamSource.of(new CostSite("mailbench/facade/JsonReplies.ok:40", CostPart.FACADE), versions))
            .isEqualTo("mailbench src/main/java/mailbench/facade/JsonReplies.java:40");
        assertThat(UpstreamSource.of(new CostSite("org/eclipse/parsson/JsonArrayBuilderImpl.add", CostPart.CLIENT), versions))
            .as("a frame without a line").isEqualTo("parsson impl/src/main/java/org/eclipse/parsson/JsonArrayBuilderImpl.java");
        assertThat(UpstreamSource.of(new CostSite("io/netty/channel/nio/NioEventLoop.select:2", CostPart.RUNTIME), versions)).isEmpty();
    }

    private static CostSite site(String line) {
        return CostSite.of(CollapsedStacks.parse(List.of(line)).stacks().get(0));
    }
}
