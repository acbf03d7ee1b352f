package mailbench.facade;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Map;

/**
 * The secret every request to the facade must carry ({@code Authorization: Bearer <token>}) when it
 * is given: read from {@code --token-file} or {@value #ENV}, never from the command line, never
 * printed or logged.
 */
public final class FacadeToken {

    public static final String ENV = "MAILBENCH_FACADE_TOKEN";
    public static final String OPTION = "--token-file";

    private final byte[] bearer;

    private FacadeToken(String value) {
        if (value.length() < 16) {
            throw new IllegalArgumentException("the facade token (" + OPTION + " or $" + ENV + ") must have at least 16 characters");
        }
        this.bearer = ("Bearer " + value).getBytes(StandardCharsets.UTF_8);
    }

    public static FacadeToken of(String value) {
        return new FacadeToken(value.strip());
    }

    /** From {@code file} when given, else from {@value #ENV}, else null (no token). */
    public static FacadeToken fromFileOrEnv(Path file, Map<String, String> env) {
        return fromFileOrEnv(file, env, OPTION);
    }

    /** As {@link #fromFileOrEnv(Path, Map)}, for a file given as {@code setting} (named in the messages). */
    public static FacadeToken fromFileOrEnv(Path file, Map<String, String> env, String setting) {
        if (file != null) {
            try {
                return of(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalArgumentException(setting + ": cannot read " + file + ": " + e.getMessage());
            }
        }
        String value = env.get(ENV);
        return value == null || value.isBlank() ? null : of(value);
    }

    /** The {@code Authorization} header value a client sends; never logged. */
    public String authorization() {
        return new String(bearer, StandardCharsets.UTF_8);
    }

    /** {@code request} with the token's {@code Authorization} header, or unchanged when {@code token} is null (a facade without one). */
    public static HttpRequest.Builder authorize(HttpRequest.Builder request, FacadeToken token) {
        return token == null ? request : request.header("Authorization", token.authorization());
    }

    /** Constant-time check of an {@code Authorization} header. */
    public boolean accepts(String authorization) {
        return authorization != null
            && MessageDigest.isEqual(bearer, authorization.strip().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "FacadeToken[hidden]";
    }
}
