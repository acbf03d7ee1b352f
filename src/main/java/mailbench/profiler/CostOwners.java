package mailbench.profiler;

import java.util.List;

/**
 * Whose cost a sample is: the client's, the facade's own, or neither. The rule, for CPU and allocation samples alike: walk
 * the stack from root to leaf and keep the last code frame that belongs to mailbench or to the client; the sample is the
 * client's when that frame is the client's (opensearch-java and its low-level client, HttpClient and HttpCore 5 or 4,
 * Jakarta JSON-P and its implementations, and whatever they call: Jackson under the client's mapper counts as the
 * client's), the facade's own when it is mailbench's (its handlers, reply building and date formatting, and what they call
 * outside the client: Vert.x routing and response writes included), and neither when the stack holds no such frame (Netty's
 * and Vert.x's own event-loop work, GC, JIT). Allocated types (dotted names in an allocation profile) are not code and
 * decide nothing: an object of a mailbench class made by the client's deserializer is the client's.
 */
public final class CostOwners {

    /** The client's libraries, by their JVM-internal class name prefixes as the profiler writes code frames. */
    static final List<String> CLIENT_PREFIXES = List.of("org/opensearch/client/", "org/apache/hc/", "org/apache/http/",
        "jakarta/json/", "javax/json/", "org/eclipse/parsson/", "org/glassfish/json/");

    private static final String MAILBENCH_PREFIX = "mailbench/";

    /** One profile's samples (or bytes) split by owner, with each part's share in percent. */
    public record Split(long samples, long client, long facade, long neither, double clientPercent, double facadePercent,
                        double neitherPercent) {
    }

    /** Who owns one stack's cost. */
    public enum Owner { CLIENT, FACADE, NEITHER }

    private CostOwners() {
    }

    public static Split of(CollapsedStacks stacks) {
        long client = 0;
        long facade = 0;
        long neither = 0;
        for (CollapsedStacks.Stack stack : stacks.stacks()) {
            switch (owner(stack.frames())) {
                case CLIENT -> client += stack.samples();
                case FACADE -> facade += stack.samples();
                default -> neither += stack.samples();
            }
        }
        long all = client + facade + neither;
        return new Split(all, client, facade, neither, Shares.percent(client, all), Shares.percent(facade, all), Shares.percent(neither, all));
    }

    /** The owner of the stack whose frames run from root to leaf. */
    static Owner owner(List<String> frames) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            Owner owner = ownerOfFrame(frames.get(i));
            if (owner != Owner.NEITHER) {
                return owner;
            }
        }
        return Owner.NEITHER;
    }

    /** The owner of one code frame by its class name: the facade's, the client's, or neither (any other code, native frames, types). */
    public static Owner ownerOfFrame(String frame) {
        if (frame.startsWith(MAILBENCH_PREFIX)) {
            return Owner.FACADE;
        }
        for (String prefix : CLIENT_PREFIXES) {
            if (frame.startsWith(prefix)) {
                return Owner.CLIENT;
            }
        }
        return Owner.NEITHER;
    }
}
