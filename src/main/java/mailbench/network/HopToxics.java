package mailbench.network;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Bandwidth;
import eu.rekawek.toxiproxy.model.toxic.Latency;

/**
 * A {@link Hop} as toxiproxy's toxics on one proxy: a latency and a bandwidth toxic in each direction where the hop
 * asks for them, named {@code <proxy>-<type>-<stream>}; and the toxics a proxy has, read back from the server for run.json.
 */
final class HopToxics {

    private HopToxics() {
    }

    static void apply(Proxy proxy, Hop hop) throws IOException {
        for (ToxicDirection direction : ToxicDirection.values()) {
            String stream = direction.name().toLowerCase(Locale.ROOT);
            if (hop.latencyMs() > 0) {
                proxy.toxics().latency(proxy.getName() + "-latency-" + stream, direction, hop.latencyMs()).setJitter(hop.jitterMs());
            }
            if (hop.bandwidthKBps() > 0) {
                proxy.toxics().bandwidth(proxy.getName() + "-bandwidth-" + stream, direction, hop.bandwidthKBps());
            }
        }
    }

    /** The proxy's toxics as the server has them: name, stream, type and its attributes. */
    static List<Map<String, Object>> read(Proxy proxy) throws IOException {
        List<Map<String, Object>> toxics = new ArrayList<>();
        for (Toxic toxic : proxy.toxics().getAll()) {
            Map<String, Object> described = new LinkedHashMap<>();
            described.put("name", toxic.getName());
            described.put("stream", toxic.getStream().name().toLowerCase(Locale.ROOT));
            if (toxic instanceof Latency latency) {
                described.put("type", "latency");
                described.put("latencyMs", latency.getLatency());
                described.put("jitterMs", latency.getJitter());
            } else if (toxic instanceof Bandwidth bandwidth) {
                described.put("type", "bandwidth");
                described.put("rateKBps", bandwidth.getRate());
            } else {
                described.put("type", toxic.getClass().getSimpleName());
            }
            toxics.add(described);
        }
        return toxics;
    }
}
