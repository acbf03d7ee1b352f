package mailbench.network;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackNetworkTest {

    @Test
    void noneShouldNeedNoToolAndHandEveryUrlBackAsItCame(@TempDir Path dir) throws Exception {
        List<String> said = new ArrayList<>();
        // an empty PATH: with none, nothing is looked for, let alone built
        try (StackNetwork network = StackNetwork.start(NetworkOptions.NONE, dir, Map.of("PATH", ""), said::add)) {
            List<URI> nodes = List.of(URI.create("http://127.0.0.1:9200"), URI.create("http://127.0.0.1:9201"));
            assertThat(network.towardsNode(nodes)).isEqualTo(nodes);
            assertThat(network.towardsFacade(URI.create("http://127.0.0.1:8080"))).isEqualTo(URI.create("http://127.0.0.1:8080"));
            assertThat(network.describe()).as("run.json has no network section").isNull();
            assertThat(network.pid()).isEqualTo(-1);
        }
        assertThat(said).isEmpty();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aProfileWithoutAnyWayToToxiproxyShouldStopBeforeAnythingStarts(@TempDir Path dir) {
        NetworkOptions lan = new NetworkOptions(NetworkProfile.LAN, null, "-Dmailbench.toxiproxy.bin");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StackNetwork.start(lan, dir, Map.of("PATH", "", "HOME", dir.toString()),
                line -> { }))
            .isInstanceOf(ToxiproxyUnavailable.class).hasMessageContaining("install Go")
            .hasMessageContaining("-Dmailbench.toxiproxy.bin=<path of a toxiproxy-server>");
    }
}
