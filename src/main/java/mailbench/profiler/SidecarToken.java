package mailbench.profiler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The shared secret of the sidecar's control API. Read from the environment variable
 * {@value #ENV} or a file; generated when neither is given and written to a file readable by
 * its owner only. It is never logged, printed or written into a run folder.
 */
public final class SidecarToken {

    public static final String ENV = "MAILBENCH_PROFILER_TOKEN";

    private final String value;

    private SidecarToken(String value) {
        if (value.isBlank() || value.length() < 16) {
            throw new IllegalArgumentException("the profiler token must have at least 16 characters");
        }
        this.value = value;
    }

    public static SidecarToken of(String value) {
        return new SidecarToken(value.strip());
    }

    public static SidecarToken readFile(Path file) {
        try {
            return of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the profiler token file " + file + ": " + e.getMessage());
        }
    }

    /** From {@code file} when given, else from the environment, else null. */
    public static SidecarToken fromFileOrEnv(Path file) {
        if (file != null) {
            return readFile(file);
        }
        String env = System.getenv(ENV);
        return env == null || env.isBlank() ? null : of(env);
    }

    /** A new random token, written to {@code file} with owner-only permissions (where the file system has them). */
    public static SidecarToken generate(Path file) throws IOException {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        SidecarToken token = new SidecarToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
        Files.writeString(file, token.value + "\n", StandardCharsets.UTF_8);
        return token;
    }

    /** The value of an {@code Authorization: Bearer} header. */
    public String bearer() {
        return "Bearer " + value;
    }

    /** Constant-time check of an {@code Authorization} header. */
    public boolean accepts(String authorization) {
        if (authorization == null) {
            return false;
        }
        return MessageDigest.isEqual(bearer().getBytes(StandardCharsets.UTF_8), authorization.strip().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "SidecarToken[hidden]";
    }
}
