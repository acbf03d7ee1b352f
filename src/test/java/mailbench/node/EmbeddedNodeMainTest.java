package mailbench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The node settings a container gives as system properties (the node image binds to all interfaces this way). */
class EmbeddedNodeMainTest {

    @Test
    void settingPropertiesShouldBecomeNodeSettingsWithoutTheirPrefixAndOthersShouldNot() {
        Properties properties = new Properties();
        properties.setProperty("mailbench.node.setting.network.host", "0.0.0.0");
        properties.setProperty("mailbench.node.setting.http.max_content_length", "200mb");
        properties.setProperty("mailbench.node.setting.", "a prefix alone names no setting");
        properties.setProperty("mailbench.node.log", "/tmp/node.log");
        properties.setProperty("opensearch.set.netty.runtime.available.processors", "false");

        assertThat(EmbeddedNodeMain.overrides(properties))
            .containsOnlyKeys("network.host", "http.max_content_length")
            .containsEntry("network.host", "0.0.0.0");
    }
}
