package mailbench.it.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import mailbench.access.OpenSearchAccess;
import mailbench.access.OpenSearchHttp;
import mailbench.cli.MailbenchMain;
import mailbench.corpus.CorpusSpec;
import mailbench.it.support.Http;
import mailbench.it.support.SharedNode;
import mailbench.knobs.Knobs;
import mailbench.loader.OpenSearchAdmin;
import mailbench.stack.AppClasspath;
import mailbench.run.Feeders;
import mailbench.stack.LocalStack;
import mailbench.stack.StackOptions;

/**
 * {@code mailbench stack --opensearch <url>}: the facade (and its sidecar) in front of an OpenSearch
 * that runs already (the suite's node): no node is started, the corpus goes into the given index
 * once, and stopping the stack leaves that OpenSearch and its data alone.
 */
class StackExternalIT {

    private static final Path DIR = Path.of("target", "stack-external-it", Long.toString(System.currentTimeMillis())).toAbsolutePath();

    @Test
    void theStackShouldLoadItsCorpusIntoTheExternalNodeOnceAndLeaveItRunning() throws Exception {
        URI node = SharedNode.url();
        String index = "mail-it-stack-" + System.nanoTime();
        OpenSearchHttp admin = OpenSearchHttp.plain(node);
        CorpusSpec corpus = new CorpusSpec(9, 400, 20);
        List<String> progress = new ArrayList<>();
        // one replica, as a staging index has: the facade creates the index with it (one node leaves it unassigned)
        Path feeders = Feeders.forCorpus(corpus);
        try (LocalStack stack = LocalStack.start(options(node, index, corpus, feeders).withIndex(index, 1)
            .withSearchWarmUp(Duration.ofSeconds(2)), progress::add)) {
            assertThat(stack.pids()).as("no node of its own").doesNotContainKey("opensearch").containsKey("facade");
            assertThat(stack.opensearchUrl()).isEqualTo(node);
            assertThat(Http.get(stack.facadeUrl(), "/health").status()).isEqualTo(200);
            assertThat(Http.get(stack.facadeUrl(), "/mailboxes/mbx-0/search?text=meeting").status()).isEqualTo(200);
            assertThat(OpenSearchAdmin.count(admin, index)).isEqualTo(corpus.messages());
        }
        assertThat(Http.get(node, "/_cluster/health").status()).as("the external node still runs").isEqualTo(200);
        assertThat(OpenSearchAdmin.count(admin, index)).as("and keeps the corpus").isEqualTo(corpus.messages());
        String settings = admin.send("GET", "/" + index + "/_settings", null, Duration.ofSeconds(10)).body();
        assertThat(settings).as("--replicas reached the index").contains("\"number_of_replicas\":\"1\"");
        assertThat(progress).anySatisfy(line -> assertThat(line).startsWith("search warm-up: ").contains("answered 200 in 2 s"));

        progress.clear();
        // a night's later pairs: the node is warm, no search warm-up
        try (LocalStack again = LocalStack.start(options(node, index, corpus, feeders).withSearchWarmUp(Duration.ZERO), progress::add)) {
            assertThat(progress).anySatisfy(line -> assertThat(line).contains("already holds the corpus"));
            assertThat(progress).noneMatch(line -> line.contains("search warm-up") || line.contains("warming the search path"));
            assertThat(OpenSearchAdmin.count(admin, index)).isEqualTo(corpus.messages());
        }
    }

    @Test
    void theStackCommandShouldStartOnlyTheFacadeAndStopOnSigterm() throws Exception {
        URI node = SharedNode.url();
        Files.createDirectories(DIR);
        Path output = DIR.resolve("stack.log");
        Process stack = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
            "-cp", String.join(File.pathSeparator, AppClasspath.runtime().stream().map(Path::toString).toList()),
            "mailbench.cli.MailbenchMain", "stack", "--opensearch", node.toString(), "--index", "mail-it-stack-cli", "--no-corpus",
            "--work-dir", DIR.resolve("work").toString())
            .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            String text = await("the stack to be ready, see " + output).atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(250))
                .until(() -> Files.readString(output), out -> out.contains("Ready.") || !stack.isAlive());
            assertThat(text).contains("opensearch: " + node + " (external, TLS trust: JDK default CAs, basic auth:");
            Matcher facade = Pattern.compile("facade: (http://\\S+)").matcher(text);
            assertThat(facade.find()).as(text).isTrue();
            assertThat(Http.get(URI.create(facade.group(1)), "/health").status()).isEqualTo(200);
            assertThat(stack.descendants().map(p -> p.info().commandLine().orElse("")))
                .as("no embedded node started").noneMatch(command -> command.contains("EmbeddedNodeMain"))
                .anyMatch(command -> command.contains("facade"));

            stack.destroy(); // SIGTERM, as Ctrl-C
            assertThat(stack.waitFor(1, TimeUnit.MINUTES)).isTrue();
            assertThat(Http.get(node, "/mail-it-stack-cli/_count").status()).as("the index the facade made is kept").isEqualTo(200);
        } finally {
            stack.destroyForcibly();
        }
    }

    @Test
    void accessOptionsWithoutAnExternalNodeOrCredentialsInItsUrlShouldBeRefused() {
        assertThat(MailbenchMain.run("stack", "--opensearch-credentials-file", "creds")).isEqualTo(2);
        // --index goes with the embedded node too now; a name OpenSearch would refuse stops it before anything starts
        assertThat(MailbenchMain.run("stack", "--index", "Not/An/Index")).isEqualTo(2);
        assertThat(MailbenchMain.run("stack", "--replicas", "-1")).isEqualTo(2);
        assertThat(MailbenchMain.run("stack", "--opensearch", "https://user:secret@127.0.0.1:9")).isEqualTo(2);
    }

    private static StackOptions options(URI node, String index, CorpusSpec corpus, Path feeders) {
        return new StackOptions(DIR.resolve("in-process"), StackOptions.DEFAULT_OPENSEARCH_VERSION, StackOptions.DEFAULT_OPENSEARCH_HEAP,
            "256m", null, List.of(Knobs.C1_ONLY), List.of(), corpus, true, feeders, true, new StackOptions.External(List.of(node), OpenSearchAccess.NONE, index));
    }
}
