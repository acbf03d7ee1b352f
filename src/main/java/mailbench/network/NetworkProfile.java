package mailbench.network;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A named network between the run's boxes: what the client hop (Gatling to the facade) and the node hop (the facade to
 * OpenSearch) each do to a call. {@code none} is loopback, no proxy at all. The values and where they come from are in
 * docs/network.adoc.
 */
public record NetworkProfile(String name, String about, Hop client, Hop node) {

    /** Today's runs: every box on loopback, no proxy, no new tool. */
    public static final NetworkProfile NONE = new NetworkProfile("none", "loopback between the boxes, no proxy", null, null);

    /** Toxiproxy counts whole milliseconds: 1 ms each way is its smallest delay, a 2 ms round trip per hop. */
    private static final Hop LAN_HOP = new Hop(1, 0, 125_000);
    /** Zones of one region: 1-2 ms each way. */
    private static final Hop REGION_HOP = new Hop(2, 1, 0);

    public static final NetworkProfile LAN = new NetworkProfile("lan",
        "every box on one LAN: 1 ms each way on both hops (2 ms round trip), no jitter, 1 Gbit/s each way", LAN_HOP, LAN_HOP);
    public static final NetworkProfile REGION = new NetworkProfile("region",
        "every box in another zone of one region: 2 +/- 1 ms each way on both hops (2-4 ms round trip), no bandwidth cap",
        REGION_HOP, REGION_HOP);
    public static final NetworkProfile CROSS_REGION = new NetworkProfile("cross-region",
        "the clients in another region than the facade: 35 +/- 5 ms each way on the client hop (60-78 ms round trip);"
            + " the facade beside its node as in region", new Hop(35, 5, 0), REGION_HOP);

    public static final List<NetworkProfile> ALL = List.of(NONE, LAN, REGION, CROSS_REGION);

    public NetworkProfile {
        if ((client == null) != (node == null)) {
            throw new IllegalArgumentException("a network profile shapes both hops or none");
        }
    }

    /** The profile of that name; an unknown name is refused with the list of names. */
    public static NetworkProfile named(String name) {
        return ALL.stream().filter(profile -> profile.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no network profile '" + name + "'; one of " + names()));
    }

    /** The names, as a message lists them. */
    public static String names() {
        return ALL.stream().map(NetworkProfile::name).collect(Collectors.joining(", "));
    }

    /** No proxy: the boxes talk over loopback as they always did. */
    public boolean none() {
        return client == null;
    }
}
