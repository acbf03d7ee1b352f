package mailbench.network;

import java.nio.file.Path;

/**
 * How a stack's network is asked for: the profile, the toxiproxy-server the user named (null: look for one), and how
 * the user names one (the knob or option), for the messages that name the fix.
 */
public record NetworkOptions(NetworkProfile profile, Path toxiproxyBin, String binOption) {

    public static final NetworkOptions NONE = new NetworkOptions(NetworkProfile.NONE, null, "the toxiproxy-server path");

    public NetworkOptions {
        if (profile == null || binOption == null) {
            throw new IllegalArgumentException("a network profile is needed (NetworkProfile.NONE: loopback, no proxy), and the"
                + " option that names a toxiproxy-server");
        }
    }
}
