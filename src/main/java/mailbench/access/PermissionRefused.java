package mailbench.access;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/**
 * OpenSearch answered 403: the user got in, but its role lacks a permission the call needs (the security plugin names
 * the action in its reason). One sentence that says which and where the role mailbench needs is written down.
 */
public final class PermissionRefused {

    static final String FIX = "grant it to the user's role (the role mailbench needs is in docs/staging.adoc, \"A role for mailbench\")";

    private PermissionRefused() {
    }

    /** The sentence for the security plugin's {@code reason} (e.g. "no permissions for [indices:data/read/search] and User ..."). */
    public static String message(String reason) {
        return "OpenSearch refused a permission (403 Forbidden): " + (reason == null || reason.isBlank() ? "no reason given" : reason)
            + "; " + FIX;
    }

    /** The same from a 403's JSON body ({@code error.reason}); its first 300 characters when it is not that JSON. */
    public static String fromBody(String body) {
        try {
            JsonNode reason = Json.MAPPER.readTree(body).path("error").path("reason");
            if (reason.isTextual()) {
                return message(reason.asText());
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not JSON: the body as it is, cut
        }
        return message(body == null ? null : body.substring(0, Math.min(300, body.length())));
    }
}
