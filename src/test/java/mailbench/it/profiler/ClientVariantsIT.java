package mailbench.it.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import mailbench.it.support.Http;
import mailbench.it.support.TargetJvm;
import mailbench.profiler.CaptureSettings;
import mailbench.profiler.CollapsedStacks;
import mailbench.profiler.ProfileConverter;
import mailbench.profiler.ProfilerSidecar;
import mailbench.profiler.ThreadGroup;
import mailbench.settings.Variant;
import mailbench.stack.FacadeClasspath;

/**
 * opensearch-java issue #292 with the real libraries: the same facade on opensearch-java 2.2.0 (resolved from
 * Maven Central at run time) spends a visible share of its client event loop in the JSON
 * provider's SPI lookup; on the pinned version that share is about zero. Also: the facade runs on
 * both versions and reports which one it runs.
 */
class ClientVariantsIT {

    @TempDir
    Path work;

    @Test
    void opensearchJava220ShouldShowTheSpiLookupAndThePinnedVersionShouldNot() throws Exception {
        double old = spiShare(Variant.named("opensearch-java-2.2.0"), "2.2.0");
        double pinned = spiShare(Variant.named("rest-client"), "2.26.0");
        assertThat(old).as("2.2.0: share of event-loop samples under ServiceLoader / JsonProvider.provider").isGreaterThan(5.0);
        assertThat(pinned).as("pinned: the same share").isLessThan(1.0);
    }

    /** Profiles the variant's facade under a short load; returns the event loop's share of samples in the SPI lookup. */
    private double spiShare(Variant variant, String expectedVersion) throws Exception {
        Path dir = work.resolve(variant.name());
        List<String> args = new ArrayList<>(variant.facadeArgs());
        args.addAll(List.of("--index", "variant-" + variant.name().toLowerCase(Locale.ROOT).replace('.', '-')));
        try (TargetJvm.Started facade = TargetJvm.facadeTiered(dir, FacadeClasspath.of(variant.opensearchJava()), args)) {
            Http.Reply health = Http.get(facade.url(), "/health");
            assertThat(health.json().at("/client/opensearchJava").asText()).isEqualTo(expectedVersion);
            SearchLoad load = new SearchLoad(facade.url(), "mbx-v", 200).indexed();
            Thread loading = load.start(12_000);
            Thread.sleep(4_000); // kept: the facade's JIT settles first, which shows no sign of its end
            ProfilerSidecar sidecar = new ProfilerSidecar(facade.jvm().pid(), dir.resolve("captures"), Path.of("target", "async-profiler"));
            assertThat(sidecar.start(CaptureSettings.defaults()).state()).isEqualTo(ProfilerSidecar.State.RUNNING);
            Thread.sleep(6_000); // kept: the capture's length under load
            ProfilerSidecar.Status stopped = sidecar.stop();
            assertThat(stopped.state()).as(String.valueOf(stopped.reason())).isEqualTo(ProfilerSidecar.State.STOPPED);
            loading.join();
            assertThat(load.served()).isPositive();
            sidecar.artifacts();
            CollapsedStacks eventLoop = CollapsedStacks.read(dir.resolve("captures").resolve(stopped.capture())
                .resolve(ProfileConverter.COLLAPSED)).inGroup(ThreadGroup.CLIENT_EVENT_LOOP);
            assertThat(eventLoop.samples()).as("event-loop samples of " + variant.name()).isGreaterThan(20);
            long lookup = eventLoop.filter(stack -> stack.frames().stream().map(CollapsedStacks::method)
                .anyMatch(m -> m.startsWith("java/util/ServiceLoader") || m.equals("jakarta/json/spi/JsonProvider.provider"))).samples();
            double share = 100.0 * lookup / eventLoop.samples();
            System.out.printf("%s: %d of %d event-loop samples in the SPI lookup (%.1f%%), %d requests served%n",
                variant.name(), lookup, eventLoop.samples(), share, load.served());
            return share;
        }
    }
}
