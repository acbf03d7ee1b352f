package mailbench.it.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.Yaml;

import mailbench.stack.NodeSecurity;

/** The shipped roles and mapping, plus a copy of the role {@code mailbench} without one permission, for a second user. */
final class RoleWithout {

    static final String ROLE = "mailbench_without_one";

    private RoleWithout() {
    }

    /** The shipped roles.yml with {@link #ROLE}: role mailbench less the index action {@code action}. */
    @SuppressWarnings("unchecked")
    static Path write(Path file, String action) throws IOException {
        Map<String, Object> roles = shipped(NodeSecurity.ROLES_RESOURCE);
        Map<String, Object> copy = new Yaml().load(new Yaml().dump(roles.get("mailbench")));
        for (Map<String, Object> permissions : (List<Map<String, Object>>) copy.get("index_permissions")) {
            List<String> actions = new ArrayList<>((List<String>) permissions.get("allowed_actions"));
            if (!actions.remove(action)) {
                throw new IllegalStateException("the shipped role has no " + action);
            }
            permissions.put("allowed_actions", actions);
        }
        roles.put(ROLE, copy);
        Files.writeString(file, new Yaml().dump(roles));
        return file;
    }

    /** The shipped roles_mapping.yml with {@code user} mapped to {@link #ROLE}. */
    static Path writeMapping(Path file, String user) throws IOException {
        Map<String, Object> mapping = shipped(NodeSecurity.ROLES_MAPPING_RESOURCE);
        mapping.put(ROLE, Map.of("users", List.of(user)));
        Files.writeString(file, new Yaml().dump(mapping));
        return file;
    }

    private static Map<String, Object> shipped(String resource) throws IOException {
        try (InputStream in = NodeSecurity.class.getResourceAsStream(resource)) {
            return new LinkedHashMap<>(new Yaml().<Map<String, Object>>load(in));
        }
    }
}
