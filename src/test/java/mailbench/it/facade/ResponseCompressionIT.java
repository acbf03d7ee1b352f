package mailbench.it.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.it.support.Http;
import mailbench.it.support.NodeFront;
import mailbench.it.support.SharedNode;
import mailbench.it.support.TargetJvm;
import mailbench.settings.Variant;
import mailbench.stack.FacadeClasspath;

/**
 * What opensearch-java 3.x's httpclient5 5.6 asks of OpenSearch, seen between the facade and the
 * real node: gzip on every search by default (the node then compresses each answer and the client
 * inflates it), nothing with {@code --response-compression off}; the 2.x default never asks.
 * Answers are the same either way.
 */
class ResponseCompressionIT {

    @Test
    void the3xClientShouldAskForGzipByDefaultAndNotWhenSwitchedOff() throws Exception {
        assertThat(searchEncodings("opensearch-java-3.9.0")).isNotEmpty().allSatisfy(encoding -> assertThat(encoding).contains("gzip"));
        assertThat(searchEncodings("opensearch-java-3.9.0-uncompressed")).isNotEmpty().allSatisfy(encoding -> assertThat(encoding).isEmpty());
    }

    @Test
    void the2xDefaultShouldNeverAskForGzip() throws Exception {
        assertThat(searchEncodings("default")).isNotEmpty().allSatisfy(encoding -> assertThat(encoding).isEmpty());
    }

    /** Starts the variant's facade behind a {@link NodeFront#passingEncoding}, indexes two messages, searches, returns what the front saw. */
    private static List<String> searchEncodings(String variantName) throws Exception {
        Variant variant = Variant.named(variantName);
        String index = "mail-it-compression-" + variantName.replace('.', '-') + "-" + System.nanoTime();
        try (NodeFront front = NodeFront.passingEncoding(SharedNode.url());
             TargetJvm.Started facade = TargetJvm.facade(Path.of("target", "it", "ResponseCompressionIT-" + variantName), front.url(),
                 FacadeClasspath.of(variant.opensearchJava()), args(variant, index))) {
            String bulk = FacadeContract.message("mbx-1", "m1", "alice@example.com", "Quarterly report", "zorblax numbers", "2025-01-10T09:00:00Z", "")
                + "\n" + FacadeContract.message("mbx-1", "m2", "bob@example.com", "Lunch", "zorblax place", "2025-01-11T09:00:00Z", "");
            Http.Reply indexed = Http.post(facade.url(), "/messages/_bulk?refresh=wait_for", bulk.getBytes(StandardCharsets.UTF_8));
            assertThat(indexed.status()).as(indexed.raw()).isEqualTo(200);
            for (int i = 0; i < 3; i++) {
                Http.Reply search = Http.get(facade.url(), "/mailboxes/mbx-1/search?text=zorblax");
                assertThat(search.status()).as(search.raw()).isEqualTo(200);
                assertThat(FacadeContract.ids(search)).containsExactlyInAnyOrder("m1", "m2");
            }
            return front.searchEncodings();
        }
    }

    private static List<String> args(Variant variant, String index) {
        List<String> args = new ArrayList<>(variant.facadeArgs());
        args.addAll(List.of("--index", index, "--shards", "1"));
        return args;
    }
}
