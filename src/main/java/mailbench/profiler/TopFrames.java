package mailbench.profiler;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hottest methods of a set of stacks: by self samples (the method was the leaf: it was running)
 * and by total samples (it was anywhere on the stack: it or its callees were running). Recursion
 * counts a method once per stack, so a total share never exceeds 100%.
 */
public final class TopFrames {

    /** One method's samples and its share of all samples of the set, in percent. */
    public record Frame(String frame, long samples, double percent) {
    }

    /** Both rankings of one set of stacks. */
    public record Ranking(long samples, List<Frame> self, List<Frame> total) {
    }

    private TopFrames() {
    }

    public static Ranking of(CollapsedStacks stacks, int limit) {
        Map<String, Long> self = new HashMap<>();
        for (CollapsedStacks.Stack stack : stacks.stacks()) {
            if (!stack.frames().isEmpty()) {
                self.merge(CollapsedStacks.method(stack.frames().get(stack.frames().size() - 1)), stack.samples(), Long::sum);
            }
        }
        long samples = stacks.samples();
        return new Ranking(samples, top(self, samples, limit), top(totals(stacks), samples, limit));
    }

    /** Samples per method anywhere on the stack, each method counted once per stack; added to {@code into}. */
    public static Map<String, Long> totals(CollapsedStacks stacks, Map<String, Long> into) {
        for (CollapsedStacks.Stack stack : stacks.stacks()) {
            Set<String> seen = new HashSet<>();
            for (String frame : stack.frames()) {
                String method = CollapsedStacks.method(frame);
                if (seen.add(method)) {
                    into.merge(method, stack.samples(), Long::sum);
                }
            }
        }
        return into;
    }

    private static Map<String, Long> totals(CollapsedStacks stacks) {
        return totals(stacks, new HashMap<>());
    }

    private static List<Frame> top(Map<String, Long> counts, long samples, int limit) {
        return counts.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
            .limit(limit)
            .map(e -> new Frame(e.getKey(), e.getValue(), Shares.percent(e.getValue(), samples)))
            .toList();
    }
}
