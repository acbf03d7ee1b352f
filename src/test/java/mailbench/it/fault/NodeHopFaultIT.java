package mailbench.it.fault;

import static mailbench.it.support.ProxiedFacade.DEADLINE_MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import mailbench.it.facade.FacadeContract;
import mailbench.it.support.ProxiedFacade;
import mailbench.it.support.ProxiedFacade.Timed;

/**
 * Faults on the wire between the facade and a real node, made by a Toxiproxy proxy of the node hop, one at a time:
 * what the facade's users see while each lasts (an answer within the facade's own deadline, never a hang) and after
 * (the pool serves again, nothing held). A facade that waits on the node past its deadline, keeps dead connections or
 * keeps the bytes of calls it gave up on fails them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodeHopFaultIT {

    private static final String SEARCH = "/mailboxes/mbx-net/search?text=zorblax";
    /** Above the facade's deadline: a loaded 2-core host is late, but a hang is far later. */
    private static final long SLACK_MS = 3_000;

    private ProxiedFacade facade;

    @BeforeAll
    void start() throws Exception {
        facade = ProxiedFacade.start("node-hop-fault", List.of());
        List<String> messages = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            messages.add(FacadeContract.message("mbx-net", "n" + i, "a@example.com", "Network drill " + i,
                "zorblax " + "word ".repeat(200), "2025-01-1" + i + "T09:00:00Z", ""));
        }
        facade.seed(messages);
    }

    @AfterEach
    void heal() throws Exception {
        facade.heal();
        await("the facade serves again").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(100))
            .until(() -> facade.get(SEARCH).status() == 200);
    }

    @AfterAll
    void stop() throws Exception {
        facade.close();
    }

    @Test
    void aLatencySpikeShouldBeAnsweredWithinTheDeadlineWhileTheLoopAnswersOtherCalls() throws Exception {
        // answers held 20 s on the wire: far past the 2 s response timeout, and past the bound of any answer below
        facade.proxy().toxics().latency("spike", ToxicDirection.DOWNSTREAM, 20_000);
        CompletableFuture<List<Timed>> calls = CompletableFuture.supplyAsync(() -> {
            try {
                return facade.getAtOnce(SEARCH, 8);
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        // while the searches wait on the node, a call that needs no node is answered: the event loop is not theirs
        await("searches waiting on the node").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
            .until(() -> facade.stats().path("inFlightNow").asInt() > 0);
        assertThat(facade.stats().path("inFlightNow").asInt()).as("searches still waiting, stats answered").isPositive();
        List<Timed> answers = calls.get(60, TimeUnit.SECONDS);

        assertThat(answers).hasSize(8).allSatisfy(answer -> {
            assertThat(answer.status()).as(answer.raw()).isIn(503, 504);
            assertThat(answer.tookMs()).as("ms to answer during the spike").isLessThan(DEADLINE_MS + SLACK_MS);
        });
        assertThat(answers).as("the spike is the node too slow").anySatisfy(answer -> assertThat(answer.status()).isEqualTo(504));
        facade.heal();
        assertThat(facade.get(SEARCH).status()).as("the first search once the spike is gone").isEqualTo(200);
        await("no call left in flight").atMost(Duration.ofSeconds(5)).until(() -> facade.stats().path("inFlightNow").asInt() == 0);
    }

    /** Puts one fault on the node hop. */
    @FunctionalInterface
    private interface Fault {
        void on(Proxy proxy) throws IOException;
    }

    @Test
    void aConnectionCutOrResetMidAnswerShouldFailThatCallAloneAndThePoolRecover() throws Exception {
        Map<String, Fault> faults = new LinkedHashMap<>();
        faults.put("answer cut after 200 bytes", proxy -> proxy.toxics().limitData("cut", ToxicDirection.DOWNSTREAM, 200));
        faults.put("answer reset at its first byte", proxy -> proxy.toxics().resetPeer("reset", ToxicDirection.DOWNSTREAM, 0));
        for (Map.Entry<String, Fault> fault : faults.entrySet()) {
            fault.getValue().on(facade.proxy());
            Timed failed = facade.get(SEARCH);
            System.out.printf("[network fault] search, %s: %d %s%n", fault.getKey(), failed.status(), failed.raw());
            assertThat(failed.status()).as(fault.getKey() + ": " + failed.raw()).isIn(502, 503);
            assertThat(failed.tookMs()).isLessThan(DEADLINE_MS + SLACK_MS);
            facade.heal();
            assertThat(facade.getAtOnce(SEARCH, 4)).as("the pool serves again, several at once, each the whole answer")
                .allSatisfy(answer -> assertThat(answer.json().get("hits")).as(answer.raw()).hasSize(5));
        }
    }

    @Test
    void aBlackHoleShouldBeAnsweredWithinTheDeadlineAndLeaveNothingHeld() throws Exception {
        long heldBefore = facade.stats().path("heldBytesNow").asLong();
        // requests vanish and their connections stay open: no answer ever comes, no close either
        facade.proxy().toxics().timeout("black-hole", ToxicDirection.UPSTREAM, 0);
        for (int wave = 1; wave <= 2; wave++) {
            assertThat(facade.getAtOnce(SEARCH, 10)).as("wave " + wave).allSatisfy(answer -> {
                assertThat(answer.status()).as(answer.raw()).isEqualTo(504);
                assertThat(answer.json().path("error").asText()).isEqualTo("OpenSearch did not answer in time");
                assertThat(answer.tookMs()).as("ms to answer into a black hole").isLessThan(DEADLINE_MS + SLACK_MS);
            });
            await("nothing held after wave " + wave).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                .until(() -> facade.stats().path("heldBytesNow").asLong() == heldBefore && facade.stats().path("inFlightNow").asInt() == 0);
        }
    }

    @Test
    void theNodeGoneAndBackShouldBeRefusedAtOnceThenServedWithinSeconds() throws Exception {
        facade.proxy().disable();
        List<Timed> down = facade.getAtOnce(SEARCH, 4);
        assertThat(down).allSatisfy(answer -> {
            assertThat(answer.status()).as(answer.raw()).isEqualTo(503);
            assertThat(answer.json().path("error").asText()).startsWith("OpenSearch is unavailable");
            assertThat(answer.tookMs()).as("ms for a 503 while the node is out of reach").isLessThan(DEADLINE_MS);
        });

        facade.proxy().enable();
        long back = System.nanoTime();
        await("the first search served once the node is back").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(20))
            .until(() -> facade.get(SEARCH).status() == 200);
        long recoveryMs = (System.nanoTime() - back) / 1_000_000;
        System.out.printf("[network fault] node hop enabled again: first search served %d ms later%n", recoveryMs);
        assertThat(recoveryMs).as("ms from the node's return to the first search served").isLessThan(5_000);
    }
}
