package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class CostOwnersTest {

    /** Stacks as the converter writes them for a facade: 10 client, 6 facade, 4 neither. */
    private static final List<String> FACADE = List.of(
        // the client parses an answer on its I/O thread; Jackson under the client's mapper is the client's
        "[httpclient-dispatch-1 tid=1];org/apache/hc/core5/reactor/SingleCoreIOReactor.execute_[j];"
            + "org/opensearch/client/json/jackson/JacksonJsonpParser.next_[j];com/fasterxml/jackson/core/json/UTF8StreamJsonParser.nextToken_[j] 4",
        // the facade's deserializer of a hit, called by the client, parses a date: the facade's own
        "[httpclient-dispatch-1 tid=1];org/opensearch/client/json/ObjectDeserializer.deserialize_[j];"
            + "mailbench/facade/opensearch/DocValueHits.lambda$hit$6_[j];java/time/Instant.parse_[j] 3",
        // a mailbench type made inside the client's code: an allocated type decides nothing
        "[httpclient-dispatch-1 tid=1];mailbench/facade/opensearch/MailStore.call_[j];org/opensearch/client/json/JsonpDeserializer.deserialize_[j];"
            + "mailbench.facade.opensearch.SearchPage$Hit_[i] 6",
        // the reply's write through Vert.x, called by the facade's handler: the facade's own
        "[vert.x-eventloop-thread-0 tid=3];io/vertx/ext/web/impl/RouterImpl.handle_[j];mailbench/facade/AnswerWrites.write_[i];"
            + "io/vertx/core/http/impl/http1/Http1ServerResponse.end_[i];writev_[k] 3",
        // Netty reading a request head, no owner frame at all
        "[vert.x-eventloop-thread-0 tid=3];io/netty/channel/nio/NioEventLoop.run_[j];read_[k] 2",
        "[GC Thread#0 tid=4];G1ParEvacuateFollowersClosure::do_void 2");

    @Test
    void theDeepestOwnerFrameShouldDecideAndAllocatedTypesShouldNot() {
        CostOwners.Split split = CostOwners.of(CollapsedStacks.parse(FACADE));

        assertThat(split.samples()).isEqualTo(20);
        assertThat(split.client()).isEqualTo(10);
        assertThat(split.facade()).isEqualTo(6);
        assertThat(split.neither()).isEqualTo(4);
        assertThat(split.clientPercent()).isEqualTo(50.0);
        assertThat(split.facadePercent()).isEqualTo(30.0);
        assertThat(split.neitherPercent()).isEqualTo(20.0);
    }

    @Test
    void everyClientLibraryShouldCountAsTheClients() {
        for (String prefix : CostOwners.CLIENT_PREFIXES) {
            assertThat(CostOwners.owner(List.of("mailbench/facade/MailRoutes.search_[j]", prefix + "Some.call_[j]", "byte[]_[i]")))
                .as(prefix).isEqualTo(CostOwners.Owner.CLIENT);
        }
        assertThat(CostOwners.owner(List.of())).isEqualTo(CostOwners.Owner.NEITHER);
    }

    @Test
    void theProfileReportShouldCarryTheSplitOfBothProfiles() {
        Instant started = Instant.parse("2025-01-01T10:00:00Z");
        ProfileReport report = ProfileReport.of(new CaptureSettings("itimer", 10, 524_288), 1, started, started.plusSeconds(60), null,
            CollapsedStacks.parse(FACADE), CollapsedStacks.parse(FACADE.subList(0, 2)), List.of("profile.json"));

        assertThat(report.owners()).containsOnlyKeys("cpu", "allocation");
        assertThat(report.owners().get("allocation").clientPercent()).isEqualTo(57.14);
        assertThat(report.owners().get("allocation").facadePercent()).isEqualTo(42.86);
    }
}
