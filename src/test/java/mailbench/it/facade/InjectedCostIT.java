package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import mailbench.facadeclient.FacadeAccess;
import mailbench.facadeclient.FacadeStats;
import mailbench.it.support.FacadeProcess;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.runfolder.FacadeSection;

/**
 * The calibration knob as a comparison sees it: a facade told to add a known cost per search and get says so in its
 * /health, spends at least that CPU in its process, and allocates that many more bytes per call than a facade without it,
 * both over the same real node and index.
 */
class InjectedCostIT {

    private static final Path DIR = Path.of("target", "it-injected-cost");
    private static final int CALLS = 200;
    private static final int CPU_MICROS = 5_000;
    private static final int ALLOC_BYTES = 200_000;

    @Test
    void aFacadeWithAnInjectedCostShouldSpendItOnEverySearchAndGet() throws Exception {
        String index = "mail-it-injected-" + System.nanoTime();
        try (FacadeProcess plain = facade("plain", index, List.of());
             FacadeProcess costly = facade("costly", index, List.of("--inject-cpu-micros", "" + CPU_MICROS,
                 "--inject-alloc-bytes", "" + ALLOC_BYTES))) {
            URI plainUrl = plain.awaitUrl();
            URI costlyUrl = costly.awaitUrl();
            index(plainUrl);

            assertThat(Http.get(costlyUrl, "/health").json().at("/client/injectedCost").asText())
                .isEqualTo(CPU_MICROS + " us CPU + " + ALLOC_BYTES + " bytes per search and get");
            assertThat(Http.get(plainUrl, "/health").json().at("/client/injectedCost").asText()).isEqualTo("none");

            calls(plainUrl, 50); // class loading and first compilations, on both: not what is compared
            calls(costlyUrl, 50);
            double plainBytes = bytesPerCall(plainUrl);
            Duration cpuBefore = cpu(costly);
            double costlyBytes = bytesPerCall(costlyUrl);
            Duration spent = cpu(costly).minus(cpuBefore);

            // the process spent at least what was spun, bar spins the scheduler cut (a spin preempted spends less)
            assertThat(spent).isGreaterThanOrEqualTo(Duration.ofNanos((long) (CALLS * CPU_MICROS * 1_000 * 0.8)));
            assertThat(costlyBytes - plainBytes).as("plain %.0f, costly %.0f bytes per call", plainBytes, costlyBytes)
                .isBetween(ALLOC_BYTES * 0.9, ALLOC_BYTES * 1.1);
        }
    }

    private static FacadeProcess facade(String name, String index, List<String> extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("facade", "--opensearch", SharedNode.url().toString(), "--port", "0", "--index", index));
        args.addAll(extra);
        return FacadeProcess.startTiered(DIR, name, args, Map.of());
    }

    private static Duration cpu(FacadeProcess facade) {
        return ProcessHandle.of(facade.pid()).orElseThrow().info().totalCpuDuration().orElseThrow();
    }

    /** Heap bytes the facade allocated per call over CALLS calls, as a run reads them from its stats. */
    private static double bytesPerCall(URI base) throws Exception {
        FacadeStats.Memory start = FacadeStats.memoryOrNull(base, FacadeAccess.NONE);
        calls(base, CALLS);
        FacadeStats.Memory end = FacadeStats.memoryOrNull(base, FacadeAccess.NONE);
        return FacadeSection.of(start, end, CALLS).allocatedBytesPerRequest();
    }

    /** Searches and gets in turn, each answered 200. */
    private static void calls(URI base, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            Http.Reply reply = i % 2 == 0 ? Http.get(base, "/mailboxes/mbx-c/search?text=invoice")
                : Http.get(base, "/mailboxes/mbx-c/messages/c" + (i % 20));
            assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        }
    }

    private static void index(URI base) throws Exception {
        StringBuilder bulk = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            bulk.append(FacadeContract.message("mbx-c", "c" + i, "sender@example.com", "invoice " + i, "the invoice of month " + i,
                String.format("2025-02-%02dT09:00:00Z", 1 + i), "")).append('\n');
        }
        Http.Reply reply = Http.post(base, "/messages/_bulk?refresh=wait_for", bulk.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
    }
}
