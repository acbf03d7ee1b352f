package mailbench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The secured node's users file: read back as YAML, every user name is the one given and every hash checks its password. */
class InternalUsersTest {

    @Test
    @SuppressWarnings("unchecked")
    void hostileUserNamesShouldRoundTripAndTheirHashesCheck() {
        Map<String, String> users = new LinkedHashMap<>();
        users.put("mail-bench", "s3cret");
        users.put("quote\"back\\slash", "p\"w");
        users.put("line\nbreak: true", "x");
        users.put("true", "y");
        users.put("# not a comment", "z");

        Map<String, Object> read = new Yaml().load(InternalUsers.yaml(users, new SecureRandom()));

        assertThat(read).containsOnlyKeys("_meta", "mail-bench", "quote\"back\\slash", "line\nbreak: true", "true", "# not a comment");
        assertThat((Map<String, Object>) read.get("_meta")).containsEntry("type", "internalusers").containsEntry("config_version", 2);
        users.forEach((name, password) -> {
            Map<String, Object> user = (Map<String, Object>) read.get(name);
            assertThat(user).containsEntry("reserved", false);
            assertThat(OpenBSDBCrypt.checkPassword((String) user.get("hash"), password.toCharArray())).as(name).isTrue();
        });
    }
}
