package mailbench.costs;

import mailbench.profiler.CostOwners;

/**
 * Whose code a cost is charged to. {@link CostOwners} splits the client from the facade; the cost table splits the client
 * further, because a finding goes to a different upstream: the API and its JSON (opensearch-java's model, its JSON-P
 * mapping and the JSON-P implementation) or the transport (opensearch-java's transports and the HTTP clients under them).
 */
public enum CostPart {
    CLIENT("client"), TRANSPORT("transport"), FACADE("facade"), RUNTIME("runtime");

    /** The client's frames that belong to its API and JSON; the rest of the client's frames are its transport's. */
    private static final String[] API_PREFIXES = {"org/opensearch/client/opensearch/", "org/opensearch/client/json/",
        "org/opensearch/client/util/", "jakarta/json/", "javax/json/", "org/eclipse/parsson/", "org/glassfish/json/"};

    private final String label;

    CostPart(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The part a code frame belongs to, or null when it is neither the facade's nor the client's (the runtime's, or not code). */
    static CostPart ofFrame(String frame) {
        return switch (CostOwners.ownerOfFrame(frame)) {
            case FACADE -> FACADE;
            case CLIENT -> {
                for (String prefix : API_PREFIXES) {
                    if (frame.startsWith(prefix)) {
                        yield CLIENT;
                    }
                }
                yield TRANSPORT;
            }
            case NEITHER -> null;
        };
    }
}
