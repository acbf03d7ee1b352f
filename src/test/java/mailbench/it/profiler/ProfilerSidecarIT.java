package mailbench.it.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import mailbench.it.support.TargetJvm;
import mailbench.json.Json;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ProfileConverter;
import mailbench.profiler.SidecarClient;
import mailbench.profiler.SidecarToken;
import mailbench.runfolder.ProfileSection;

/**
 * Staging mode on loopback: a real facade and a sidecar started by hand ({@code mailbench profiler
 * serve}), driven over the control API like the simulation's hooks drive it, under a short real load.
 */
class ProfilerSidecarIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    private static Path work;
    private static TargetJvm.Started facade;
    private static TargetJvm.Started sidecar;
    private static SidecarToken token;
    private static SearchLoad load;

    @BeforeAll
    static void start() throws Exception {
        work = Files.createTempDirectory(Path.of("target"), "profiler-it-").toAbsolutePath();
        facade = TargetJvm.facade(work, List.of("--index", "profiler-it"));
        Path tokenFile = work.resolve("token");
        token = SidecarToken.generate(tokenFile);
        sidecar = TargetJvm.sidecar(work, facade.jvm().pid(), tokenFile);
        load = new SearchLoad(facade.url(), "mbx-p", 200).indexed();
    }

    @AfterAll
    static void stop() {
        if (sidecar != null) {
            sidecar.close();
        }
        if (facade != null) {
            facade.close();
        }
    }

    @Test
    void shouldProfileTheFacadeUnderLoadAndHandOverTheArtifacts() throws Exception {
        SidecarClient client = new SidecarClient(sidecar.url(), token);
        assertThat(client.status().get("state").asText()).isEqualTo("IDLE");
        JsonNode started = client.start(CaptureSettings.defaults());
        assertThat(started.get("state").asText()).as(started.toString()).isEqualTo("RUNNING");
        Thread loading = load.start(8_000);
        // kept, both sleeps: they place the window 2 s inside the 8 s of load, so the capture holds samples on each side of it
        Thread.sleep(2_000);
        long windowFrom = System.currentTimeMillis();
        long servedAtStart = load.served();
        Thread.sleep(4_000);
        long windowTo = System.currentTimeMillis();
        long requests = load.served() - servedAtStart;
        loading.join();
        JsonNode stopped = client.stop();
        assertThat(stopped.get("state").asText()).as(stopped.toString()).isEqualTo("STOPPED");

        // the whole capture, then only the window in the middle of the load: fewer samples, the window's bounds
        long allSamples = client.artifacts(null, null).get("samples").asLong();
        Path profile = work.resolve("run-folder").resolve("profile");
        JsonNode report = client.download(profile, windowFrom, windowTo);
        assertThat(report.get("samples").asLong()).isPositive().isLessThan(allSamples);
        assertThat(Instant.parse(report.get("startedAt").asText()).toEpochMilli()).isEqualTo(windowFrom);
        assertThat(Instant.parse(report.get("stoppedAt").asText()).toEpochMilli()).isEqualTo(windowTo);
        assertThat(report.get("targetCpuMs").asLong()).isPositive();
        for (JsonNode file : report.get("files")) {
            assertThat(profile.resolve(file.asText())).isRegularFile().isNotEmptyFile();
        }
        assertThat(report.at("/threadGroups/clientEventLoop/samples").asLong()).as("event-loop samples").isPositive();
        assertThat(report.at("/threadGroups/facadeServer/samples").asLong()).as("Vert.x samples").isPositive();
        CollapsedStacks stacks = CollapsedStacks.read(profile.resolve(ProfileConverter.COLLAPSED));
        assertThat(stacks.samples()).isEqualTo(report.get("samples").asLong());
        assertThat(stacks.stacks()).allSatisfy(stack -> assertThat(stack.thread()).isNotEmpty());
        assertThat(report.at("/topFrames/clientEventLoop/total/0/frame").asText()).isNotEmpty();
        // a flame graph page: async-profiler's own HTML parser reads the stacks back out of it
        String wholeJvm = flameGraphStacks(profile.resolve(ProfileConverter.WHOLE_JVM_HTML));
        assertThat(wholeJvm).contains("[clientEventLoop];", "[facadeServer];", "org/apache/hc/core5/reactor", "io/vertx/core");
        String eventLoop = flameGraphStacks(profile.resolve(ProfileConverter.EVENT_LOOP_HTML));
        assertThat(eventLoop).contains("org/apache/hc/core5/reactor").doesNotContain("io/vertx/core/net/impl", "[facadeServer]");
        assertThat(Files.readString(profile.resolve(ProfileConverter.EVENT_LOOP_HTML))).contains("<canvas", "<h1>facade, client event loop");

        // the same session's heap allocation samples, weighed in bytes, roots are thread groups
        assertThat(report.get("allocBytes").asLong()).isEqualTo(CaptureSettings.DEFAULT_ALLOC_BYTES);
        assertThat(report.get("files")).extracting(JsonNode::asText).contains(ProfileConverter.ALLOC_HTML, ProfileConverter.ALLOC_COLLAPSED);
        assertThat(CollapsedStacks.read(profile.resolve(ProfileConverter.ALLOC_COLLAPSED)).samples()).as("bytes allocated in the window")
            .isGreaterThan(1024L * 1024);
        assertThat(flameGraphStacks(profile.resolve(ProfileConverter.ALLOC_HTML))).contains("[facadeServer];", "[clientEventLoop];");

        ProfileSection section = ProfileSection.captured(report, requests, List.of());
        assertThat(section.cpuMsPerRequest()).isPositive().isLessThan(1_000.0);
    }

    @Test
    void shouldLeaveAllocationOutWhenItsIntervalIsZero() throws Exception {
        SidecarClient client = new SidecarClient(sidecar.url(), token);
        JsonNode started = client.start(CaptureSettings.defaults().withAllocBytes(0));
        assertThat(started.get("state").asText()).as(started.toString()).isEqualTo("RUNNING");
        assertThat(started.get("allocBytes").asLong()).isZero();
        load.start(3_000).join();
        JsonNode stopped = client.stop();
        assertThat(stopped.get("state").asText()).as(stopped.toString()).isEqualTo("STOPPED");

        Path profile = work.resolve("no-alloc").resolve("profile");
        JsonNode report = client.download(profile, null, null);
        assertThat(report.get("allocBytes").asLong()).isZero();
        assertThat(report.get("samples").asLong()).as("the CPU profile is still there").isPositive();
        assertThat(report.get("files")).extracting(JsonNode::asText)
            .contains(ProfileConverter.EVENT_LOOP_HTML, ProfileConverter.COLLAPSED)
            .doesNotContain(ProfileConverter.ALLOC_HTML, ProfileConverter.ALLOC_COLLAPSED);
        assertThat(profile.resolve(ProfileConverter.ALLOC_HTML)).doesNotExist();
        assertThat(profile.resolve(ProfileConverter.ALLOC_COLLAPSED)).doesNotExist();
    }

    @Test
    void statusShouldAnswerWhileAWindowIsConverted() throws Exception {
        SidecarClient client = new SidecarClient(sidecar.url(), token);
        // wall-clock samples of every thread each millisecond: a recording that takes seconds to convert
        JsonNode started = client.start(new CaptureSettings("wall", 1, CaptureSettings.MIN_ALLOC_BYTES));
        assertThat(started.get("state").asText()).as(started.toString()).isEqualTo("RUNNING");
        load.start(12_000).join();
        JsonNode stopped = client.stop();
        assertThat(stopped.get("state").asText()).as(stopped.toString()).isEqualTo("STOPPED");
        long from = Instant.parse(stopped.get("startedAt").asText()).toEpochMilli();

        // every new window is a conversion of its own: status is asked again and again while one runs
        List<Long> statusMs = new ArrayList<>();
        long start = System.nanoTime();
        CompletableFuture<JsonNode> window = CompletableFuture.supplyAsync(() -> {
            try {
                return client.artifacts(from + 1_000, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (!window.isDone()) {
            long asked = System.nanoTime();
            assertThat(client.status().get("state").asText()).isEqualTo("STOPPED");
            statusMs.add((System.nanoTime() - asked) / 1_000_000);
            Thread.sleep(50);
        }
        long convertedMs = (System.nanoTime() - start) / 1_000_000;
        JsonNode report = window.join();
        System.out.printf("[profiler-it] a window converted in %d ms; %d status calls meanwhile, the slowest %d ms%n", convertedMs,
            statusMs.size(), statusMs.stream().mapToLong(Long::longValue).max().orElse(0));
        assertThat(report.get("samples").asLong()).isPositive();
        // waiting behind the conversion, a status call would take about as long as the conversion itself
        assertThat(convertedMs).as("a conversion long enough to tell").isGreaterThan(300);
        assertThat(statusMs).as("status calls during a conversion of %d ms", convertedMs).hasSizeGreaterThan(2)
            .allSatisfy(ms -> assertThat(ms).isLessThan(convertedMs / 2));
        // the files of that window are the ones served
        JsonNode served = Json.MAPPER.readTree(call("GET", "/artifacts/" + ProfileConverter.REPORT, token.bearer()).body());
        assertThat(Instant.parse(served.get("startedAt").asText())).isEqualTo(Instant.ofEpochMilli(from + 1_000));
    }

    @Test
    void shouldRefuseCallsWithoutTheRightToken() throws Exception {
        assertThat(call("GET", "/status", null).statusCode()).isEqualTo(401);
        assertThat(call("POST", "/start", "Bearer not-the-token-at-all-000").statusCode()).isEqualTo(401);
        assertThat(call("GET", "/status", token.bearer().substring(7)).statusCode()).as("token without Bearer").isEqualTo(401);
        HttpResponse<String> refused = call("POST", "/start", null);
        assertThat(Json.MAPPER.readTree(refused.body()).get("error").asText()).contains("token");
        assertThat(refused.body()).doesNotContain(token.bearer().substring(7));
        assertThat(new SidecarClient(sidecar.url(), token).status().get("state").asText()).as("nothing was started").isNotEqualTo("RUNNING");
    }

    @Test
    void shouldListenOnLoopbackAndAnswerBadCallsWithJsonErrors() throws Exception {
        assertThat(sidecar.url().getHost()).isEqualTo("127.0.0.1");
        assertThat(call("GET", "/nope", token.bearer()).statusCode()).isEqualTo(404);
        assertThat(call("GET", "/start", token.bearer()).statusCode()).isEqualTo(405);
        assertThat(call("POST", "/start?event=alloc", token.bearer()).statusCode()).isEqualTo(400);
        assertThat(call("POST", "/start?intervalMs=ten", token.bearer()).statusCode()).isEqualTo(400);
        HttpResponse<String> negative = call("POST", "/start?allocBytes=-1", token.bearer());
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(Json.MAPPER.readTree(negative.body()).get("error").asText()).startsWith("allocBytes: ");
        assertThat(call("POST", "/start?evil=1", token.bearer()).statusCode()).isEqualTo(400);
        assertThat(call("GET", "/artifacts/..%2Ftoken", token.bearer()).statusCode()).isIn(404, 409);
        assertThat(call("GET", "/artifacts?from=yesterday", token.bearer()).statusCode()).isIn(400, 409);
        // no test leaves a capture running, so there is nothing to stop
        assertThat(call("POST", "/stop", token.bearer()).statusCode()).as("stop without a capture").isEqualTo(409);
    }

    @Test
    void clientShouldNameTheFixWhenNoSidecarListens() {
        SidecarClient nobody = new SidecarClient(URI.create("http://127.0.0.1:9"), token);
        assertThatThrownBy(nobody::status).hasMessageContaining("profiler serve");
    }

    private static String flameGraphStacks(Path html) throws Exception {
        FlameGraph graph = new FlameGraph(new Arguments("-o", "collapsed"));
        try (var reader = Files.newBufferedReader(html)) {
            graph.parseHtml(reader);
        }
        var out = new java.io.ByteArrayOutputStream();
        graph.dump(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> call(String method, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(sidecar.url().resolve(path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
