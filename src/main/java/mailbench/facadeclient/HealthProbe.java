package mailbench.facadeclient;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import javax.net.ssl.SSLHandshakeException;

import com.fasterxml.jackson.databind.JsonNode;

import mailbench.json.Json;

/** Asks a facade whether it and its OpenSearch are up, before any load is sent. */
public final class HealthProbe {

    /** Where a facade's CA is given: a run's knob, the load command's option. */
    static final String CA_SETTINGS = "-Dmailbench.facade.ca, or load's --facade-ca";

    private HealthProbe() {
    }

    /** Returns the facade's /health body; fails with what to check when it is down or not a mailbench facade. */
    public static JsonNode check(URI facade) throws IOException, InterruptedException {
        return check(facade, "-Dmailbench.target");
    }

    /** As {@link #check(URI)}, for a URL the user gave as {@code setting} (named in the messages). */
    public static JsonNode check(URI facade, String setting) throws IOException, InterruptedException {
        return check(facade, setting, FacadeAccess.NONE);
    }

    /** As {@link #check(URI, String)}, with the facade's token and TLS trust. */
    public static JsonNode check(URI facade, String setting, FacadeAccess access) throws IOException, InterruptedException {
        HttpResponse<String> response;
        try {
            // generous: without a corpus load before it, this is a fresh facade's first call, and on a busy host
            // its first health call right after creating the index took more than 10 s
            response = access.http().send(access.authorize(HttpRequest.newBuilder(facade.resolve("/health")))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new IOException("no facade answers at " + facade + ": start one (java -jar target/mailbench.jar facade|stack)"
                + " or fix " + setting, e);
        } catch (SSLHandshakeException e) {
            throw new IOException("the facade at " + facade + " did not pass the TLS check (" + e.getMessage() + "): give the CA that"
                + " signed its certificate (" + CA_SETTINGS + "), and a host name or address the certificate lists", e);
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new IOException(facade + "/health did not answer JSON: is " + setting + " a mailbench facade?", e);
        }
        if (response.statusCode() == 401) {
            throw new IOException("the facade at " + facade + " answered 401, it wants a token: " + body.path("error").asText()
                + (access.token() == null ? "" : " (the one sent was refused)"));
        }
        if (response.statusCode() != 200) {
            throw new IOException("the facade at " + facade + " is up but its OpenSearch is not: " + body.path("backend"));
        }
        return body;
    }
}
