package mailbench.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import mailbench.access.Credentials;

/**
 * The security plugin's {@code internal_users.yml}, written in the node's JVM from credentials files
 * ({@code username:password}, the format the facade reads): the passwords are hashed here, with the BouncyCastle
 * the plugin itself brings, so no clear password is ever written into the node's configuration. The YAML is written by
 * SnakeYAML (OpenSearch's own, on the node's classpath), so a user name holding a quote, a backslash or a line break is
 * quoted and escaped as YAML wants, not cut into the file.
 */
final class InternalUsers {

    /** The plugin's own default cost for bcrypt. */
    private static final int COST = 12;

    private InternalUsers() {
    }

    static void write(Path file, List<Path> credentialsFiles) throws IOException {
        Map<String, String> passwords = new LinkedHashMap<>();
        for (Path credentialsFile : credentialsFiles) {
            Credentials user = Credentials.fromFile(credentialsFile, "--user");
            passwords.put(user.username(), user.password());
        }
        Files.writeString(file, yaml(passwords, new SecureRandom()), StandardCharsets.UTF_8);
        try {
            // the hashes are for the node only (the plugin warns about a file others can read)
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the plugin only warns
        }
    }

    /** The file's text: the plugin's _meta block, then each user with the bcrypt hash of its password. */
    static String yaml(Map<String, String> passwordsByUser, SecureRandom random) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("type", "internalusers");
        meta.put("config_version", 2);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("_meta", meta);
        passwordsByUser.forEach((username, password) -> {
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            Map<String, Object> user = new LinkedHashMap<>();
            user.put("hash", OpenBSDBCrypt.generate("2y", password.toCharArray(), salt, COST));
            user.put("reserved", false);
            document.put(username, user);
        });
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(document);
    }
}
