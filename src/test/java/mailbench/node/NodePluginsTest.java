package mailbench.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.opensearch.plugins.Plugin;

/** The 2.x side of the node's plugin adapter, on the OpenSearch the build compiles against; the 3.x side runs in OpenSearch3NodeIT. */
class NodePluginsTest {

    @Test
    void theFirstPluginNameTheClasspathHoldsShouldBeTaken() {
        Class<? extends Plugin> found = NodePlugins.firstPresent(List.of("org.opensearch.transport.NoSuchModulePlugin", Plugin.class.getName()),
            getClass().getClassLoader());

        assertThat(found).isEqualTo(Plugin.class);
    }

    @Test
    void noneOfTheNamesOnTheClasspathShouldBeANamedError() {
        assertThatThrownBy(() -> NodePlugins.firstPresent(NodePlugins.NETTY_PLUGINS, getClass().getClassLoader()))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("org.opensearch.transport.Netty4ModulePlugin")
            .hasMessageContaining("org.opensearch.transport.Netty4Plugin")
            .hasMessageContaining("transport-netty4-client");
    }

    @Test
    void openSearch2ShouldTakeThePluginClassesThemselves() {
        assertThat(NodePlugins.nodeTakesPluginInfo()).isFalse();
        assertThat(NodePlugins.classpathPlugins(List.of(Plugin.class))).isEqualTo(List.of(Plugin.class));
    }
}
