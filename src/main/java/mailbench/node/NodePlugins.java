package mailbench.node;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.opensearch.Version;
import org.opensearch.env.Environment;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.PluginInfo;

/**
 * What differs between OpenSearch 2.x and 3.x for a node that starts its plugins from the classpath: the Netty
 * plugin's class name, and whether the Node constructor takes plugin classes (2.x) or PluginInfo (3.x).
 */
final class NodePlugins {

    /** transport-netty4-client's plugin: its 3.x name first, then the 2.x one. */
    static final List<String> NETTY_PLUGINS = List.of("org.opensearch.transport.Netty4ModulePlugin", "org.opensearch.transport.Netty4Plugin");

    private NodePlugins() {
    }

    /** The Netty plugin class this classpath holds. */
    static Class<? extends Plugin> nettyPlugin() {
        return firstPresent(NETTY_PLUGINS, NodePlugins.class.getClassLoader());
    }

    static Class<? extends Plugin> firstPresent(List<String> names, ClassLoader loader) {
        for (String name : names) {
            try {
                return Class.forName(name, false, loader).asSubclass(Plugin.class);
            } catch (ClassNotFoundException e) {
                // the other OpenSearch line names it otherwise: try the next name
            }
        }
        throw new IllegalStateException("none of " + names + " is on the classpath: is transport-netty4-client of the same"
            + " OpenSearch version on it?");
    }

    /** The classes named in {@code names} (comma-separated, may be empty). */
    static List<Class<? extends Plugin>> named(String names) {
        List<Class<? extends Plugin>> plugins = new ArrayList<>();
        for (String name : names.split(",")) {
            if (!name.isBlank()) {
                plugins.add(firstPresent(List.of(name.strip()), NodePlugins.class.getClassLoader()));
            }
        }
        return plugins;
    }

    /** The plugins as this server's Node constructor takes them. */
    static Collection<?> classpathPlugins(List<Class<? extends Plugin>> plugins) {
        if (!nodeTakesPluginInfo()) {
            return List.copyOf(plugins);
        }
        // as the server's own test node describes a classpath plugin: no folder, no extended plugins, no native controller
        return plugins.stream().map(plugin -> new PluginInfo(plugin.getName(), "classpath plugin", "NA", Version.CURRENT,
            System.getProperty("java.specification.version"), plugin.getName(), null, List.of(), false)).toList();
    }

    /** Whether Node's plugin constructor takes {@code Collection<PluginInfo>} (3.x) rather than plugin classes (2.x). */
    static boolean nodeTakesPluginInfo() {
        try {
            Type collection = Node.class.getDeclaredConstructor(Environment.class, Collection.class, boolean.class)
                .getGenericParameterTypes()[1];
            return collection instanceof ParameterizedType type && type.getActualTypeArguments()[0] == PluginInfo.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("this OpenSearch has no Node(Environment, Collection, boolean) constructor: " + e.getMessage(), e);
        }
    }
}
