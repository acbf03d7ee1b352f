package mailbench.node;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

import org.opensearch.common.settings.Settings;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;

/** A real single OpenSearch node with only the plugins a mail index needs (HTTP via Netty). */
final class MailbenchNode extends Node {

    /**
     * Settings go in as plain strings (like -E on the command line), so this class needs no OpenSearch builder API.
     * {@code plugins} holds what this server's Node constructor takes ({@link NodePlugins#classpathPlugins}): plugin classes
     * in 2.x, PluginInfo in 3.x. Both constructors erase to {@code (Environment, Collection, boolean)}, so this one call
     * links against either.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    MailbenchNode(Map<String, String> settings, Collection<?> plugins, Path configDir) {
        super(InternalSettingsPreparer.prepareEnvironment(Settings.EMPTY, settings, configDir, () -> settings.get("node.name")),
            (Collection) plugins, true);
    }
}
