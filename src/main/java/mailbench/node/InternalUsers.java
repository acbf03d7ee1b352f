package mailbench.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;

import mailbench.access.Credentials;

/**
 * The security plugin's {@code internal_users.yml}, written in the node's JVM from credentials files
 * ({@code username:password}, the format the facade reads): the passwords are hashed here, with the BouncyCastle
 * the plugin itself brings, so no clear password is ever written into the node's configuration.
 */
final class InternalUsers {

    /** The plugin's own default cost for bcrypt. */
    private static final int COST = 12;

    private InternalUsers() {
    }

    static void write(Path file, List<Path> credentialsFiles) throws IOException {
        SecureRandom random = new SecureRandom();
        StringBuilder yml = new StringBuilder("_meta:\n  type: \"internalusers\"\n  config_version: 2\n");
        for (Path credentialsFile : credentialsFiles) {
            Credentials user = Credentials.fromFile(credentialsFile, "--user");
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            String hash = OpenBSDBCrypt.generate("2y", user.password().toCharArray(), salt, COST);
            yml.append('"').append(user.username()).append("\":\n  hash: \"").append(hash).append("\"\n  reserved: false\n");
        }
        Files.writeString(file, yml, StandardCharsets.UTF_8);
        try {
            // the hashes are for the node only (the plugin warns about a file others can read)
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the plugin only warns
        }
    }
}
