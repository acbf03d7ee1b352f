package mailbench.facade;

/**
 * Who may use the facade and what it risks for them: the token every request must carry (null: none), the waivers for
 * serving a non-loopback address without one and for sending OpenSearch credentials in clear text, and cleartext HTTP/2.
 */
public record Exposure(FacadeToken token, boolean insecureOpen, boolean allowCredentialsOverHttp, boolean http2Cleartext) {

    /** No token, no waiver, HTTP/1.1 only: enough on loopback, refused elsewhere ({@link FacadeGuards#check}). */
    public static final Exposure DEFAULTS = new Exposure(null, false, false, false);

    public Exposure withToken(FacadeToken newToken) {
        return new Exposure(newToken, insecureOpen, allowCredentialsOverHttp, http2Cleartext);
    }
}
