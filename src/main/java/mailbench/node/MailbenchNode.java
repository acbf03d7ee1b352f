package mailbench.node;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

import org.opensearch.common.settings.Settings;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;

/** A real single OpenSearch node with only the plugins a mail index needs (HTTP via Netty). */
final class MailbenchNode extends Node {

    /** Settings go in as plain strings (like -E on the command line), so this class needs no OpenSearch builder API. */
    MailbenchNode(Map<String, String> settings, Collection<Class<? extends Plugin>> plugins, Path configDir) {
        super(InternalSettingsPreparer.prepareEnvironment(Settings.EMPTY, settings, configDir, () -> settings.get("node.name")),
            plugins, true);
    }
}
