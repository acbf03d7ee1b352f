package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.it.support.Http;
import mailbench.it.support.TargetJvm;
import mailbench.settings.Variant;
import mailbench.stack.FacadeClasspath;

/**
 * A client patch measured as a variant must be the one running: the variant's facade, on the classpath the local stack
 * gives it, reports the patch from where the client's class was loaded and serves bodies below, at and above the stock
 * buffer, and no body at all, against the real node; asked for without the classpath, the facade refuses to start.
 */
class ClientPatchIT {

    private static final String PATCH = "request-buffer-sized";

    @Test
    void theVariantsFacadeShouldRunThePatchedClassAndAnswerAsTheStockOneDoes() throws Exception {
        Variant variant = Variant.named(PATCH);
        String index = "mail-it-client-patch-" + System.nanoTime();
        try (TargetJvm.Started facade = TargetJvm.facade(Path.of("target", "it", "ClientPatchIT"),
            FacadeClasspath.of(variant.opensearchJava(), variant.facadeArgs()), args(variant.facadeArgs(), index))) {
            JsonNode health = Http.get(facade.url(), "/health").json();
            assertThat(health.at("/client/patch").asText()).as(health.toString()).isEqualTo(PATCH);

            // a small bulk (a few hundred bytes: a buffer of its size), then one of many times the stock 8 KiB
            Http.Reply small = Http.post(facade.url(), "/messages/_bulk?refresh=wait_for", (FacadeContract.message("mbx-p", "p1",
                "alice@example.com", "Patched", "quuxly words", "2025-01-10T09:00:00Z", "") + "\n").getBytes(StandardCharsets.UTF_8));
            assertThat(small.status()).as(small.raw()).isEqualTo(200);
            StringBuilder large = new StringBuilder();
            for (int i = 2; i <= 120; i++) {
                large.append(FacadeContract.message("mbx-p", "p" + i, "bob@example.com", "Large " + i, "quuxly " + "filler ".repeat(20),
                    "2025-01-11T09:00:00Z", "")).append('\n');
            }
            assertThat(large.length()).as("several times the stock buffer").isGreaterThan(4 * 8192);
            Http.Reply bulk = Http.post(facade.url(), "/messages/_bulk?refresh=wait_for", large.toString().getBytes(StandardCharsets.UTF_8));
            assertThat(bulk.status()).as(bulk.raw()).isEqualTo(200);

            Http.Reply search = Http.get(facade.url(), "/mailboxes/mbx-p/search?text=quuxly&limit=100");
            assertThat(search.status()).as(search.raw()).isEqualTo(200);
            assertThat(search.json().path("total").asLong()).as(search.raw()).isEqualTo(120);
            assertThat(FacadeContract.ids(search)).hasSize(100);
            // a GET: the client sends no body at all
            Http.Reply get = Http.get(facade.url(), "/mailboxes/mbx-p/messages/p7");
            assertThat(get.status()).as(get.raw()).isEqualTo(200);
            assertThat(get.json().path("subject").asText()).isEqualTo("Large 7");
        }
    }

    @Test
    void aPatchAskedForWithoutItsClasspathShouldStopTheFacadeAndSayHowToRunIt() {
        assertThatThrownBy(() -> TargetJvm.facade(Path.of("target", "it", "ClientPatchIT-refused"), FacadeClasspath.of(null),
            args(Variant.named(PATCH).facadeArgs(), "mail-it-client-patch-refused")).close())
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("exited with code 2")
            .hasMessageContaining("put target/client-patches/" + PATCH + " first on the classpath");
    }

    private static List<String> args(List<String> variantArgs, String index) {
        List<String> args = new ArrayList<>(variantArgs);
        args.addAll(List.of("--index", index, "--shards", "1"));
        return args;
    }
}
