package mailbench.access;

import java.io.IOException;

/**
 * OpenSearch answered 401: no credentials were sent, or it refused them. Thrown from the HTTP
 * clients' response hooks so every caller sees this instead of an unreadable error body.
 */
public final class CredentialsRefused extends IOException {

    public CredentialsRefused(boolean sent) {
        super(sent
            ? "OpenSearch refused the credentials (401 Unauthorized): check the user and password (" + Credentials.HOW + ")"
            : "OpenSearch requires credentials (401 Unauthorized): " + Credentials.HOW);
    }
}
