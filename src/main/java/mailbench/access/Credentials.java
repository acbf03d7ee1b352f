package mailbench.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A basic-auth user and password for OpenSearch, read from {@value #USERNAME_ENV} and
 * {@value #PASSWORD_ENV} or from a file holding one line {@code username:password}. Its
 * {@link #toString()} names where it came from, never what it holds.
 */
public final class Credentials {

    public static final String USERNAME_ENV = "MAILBENCH_OPENSEARCH_USERNAME";
    public static final String PASSWORD_ENV = "MAILBENCH_OPENSEARCH_PASSWORD";
    /** What every message about credentials tells the operator to do. */
    public static final String HOW = "set $" + USERNAME_ENV + " and $" + PASSWORD_ENV
        + ", or give a file of one line username:password";

    private final String username;
    private final String password;
    private final String source;

    private Credentials(String username, String password, String source) {
        this.username = username;
        this.password = password;
        this.source = source;
    }

    /** From {@code file} when given (named {@code option} in messages), else from the environment, else null. */
    public static Credentials fromFileOrEnv(Path file, String option, Map<String, String> env) {
        if (file != null) {
            return readFile(file, option);
        }
        String user = env.get(USERNAME_ENV);
        String password = env.get(PASSWORD_ENV);
        boolean hasUser = user != null && !user.isEmpty();
        boolean hasPassword = password != null && !password.isEmpty();
        if (!hasUser && !hasPassword) {
            return null;
        }
        if (!hasUser || !hasPassword) {
            throw new IllegalArgumentException("$" + (hasUser ? PASSWORD_ENV : USERNAME_ENV) + " is not set: basic auth needs both $"
                + USERNAME_ENV + " and $" + PASSWORD_ENV + " (or " + option + " <file>)");
        }
        return of(user, password, "$" + USERNAME_ENV + "/$" + PASSWORD_ENV);
    }

    /** From {@code file} (named {@code option} in messages): one line {@code username:password}. */
    public static Credentials fromFile(Path file, String option) {
        return readFile(file, option);
    }

    static Credentials readFile(Path file, String option) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
        // the message never quotes the file: its only line is the secret
        if (lines.size() != 1 || lines.get(0).indexOf(':') < 1) {
            throw new IllegalArgumentException(option + ": " + file + " must hold exactly one line username:password"
                + " (the first ':' ends the user name)");
        }
        String line = lines.get(0).strip();
        int colon = line.indexOf(':');
        return of(line.substring(0, colon), line.substring(colon + 1), "file " + file);
    }

    private static Credentials of(String username, String password, String source) {
        if (username.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an OpenSearch user name cannot contain ':' (basic auth), see " + source);
        }
        if (password.isEmpty()) {
            throw new IllegalArgumentException("the OpenSearch password is empty, see " + source);
        }
        return new Credentials(username, password, source);
    }

    /** The value of an {@code Authorization} header. */
    public String basicAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    public String username() {
        return username;
    }

    /** For clients that take the password apart (Gatling's basic auth); never print it. */
    public String password() {
        return password;
    }

    /** Where the credentials came from (a file name or the environment variables), safe to log. */
    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return "Credentials[from " + source + ", hidden]";
    }
}
