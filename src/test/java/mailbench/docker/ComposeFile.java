package mailbench.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * docker/compose.yml as Compose sees it with no variable set: anchors and {@code <<} merges resolved,
 * {@code ${NAME:-default}} replaced by the default.
 */
record ComposeFile(Path dir, Map<String, Object> root) {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z_][A-Z0-9_]*):-([^}]*)}");

    /** One volume entry {@code source:target[:mode]}; the source is a named volume or a path relative to the compose file. */
    record Mount(String source, String target, boolean readOnly) {

        boolean named() {
            return !source.startsWith(".") && !source.startsWith("/");
        }
    }

    static ComposeFile read(Path file) throws IOException {
        Map<String, Object> root = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
        return new ComposeFile(file.toAbsolutePath().getParent(), root);
    }

    Map<String, Object> services() {
        return map(root, "services");
    }

    Map<String, Object> service(String name) {
        return map(services(), name);
    }

    /** A service's command or entrypoint as the container gets it, variables at their defaults. */
    List<String> words(String service, String key) {
        return list(service(service), key).stream().map(word -> withDefaults(word.toString())).toList();
    }

    List<String> hostPorts(String service) {
        return list(service(service), "ports").stream().map(port -> withDefaults(port.toString())).toList();
    }

    List<Mount> mounts(String service) {
        return list(service(service), "volumes").stream().map(Object::toString).map(entry -> {
            String[] parts = entry.split(":");
            return new Mount(parts[0], parts[1], parts.length > 2 && parts[2].equals("ro"));
        }).toList();
    }

    /** The mount of {@code service} that holds the container path {@code path}. */
    Optional<Mount> mountHolding(String service, String path) {
        return mounts(service).stream().filter(m -> path.equals(m.target()) || path.startsWith(m.target() + "/"))
            .max((a, b) -> Integer.compare(a.target().length(), b.target().length()));
    }

    static String withDefaults(String text) {
        Matcher matcher = VARIABLE.matcher(text);
        return matcher.replaceAll(match -> Matcher.quoteReplacement(match.group(2)));
    }

    /** The value after {@code option} in a command ({@code --pid 1}), or the value of {@code -Dname=value}. */
    static String option(List<String> words, String option) {
        for (int i = 0; i < words.size(); i++) {
            if (option.startsWith("-D") && words.get(i).startsWith(option + "=")) {
                return words.get(i).substring(option.length() + 1);
            }
            if (words.get(i).equals(option) && i + 1 < words.size()) {
                return words.get(i + 1);
            }
        }
        throw new AssertionError("no " + option + " in " + words);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        if (!(value instanceof Map)) {
            throw new AssertionError("no mapping " + key + " in " + parent.keySet());
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        return value instanceof List<?> list ? (List<Object>) list : List.of();
    }
}
