package mailbench.corpus;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;

/** IMAP system flags, each set independently at its own rate, listed in a fixed order. */
final class MailFlags {

    static final List<String> NAMES = List.of("\\Seen", "\\Answered", "\\Flagged", "\\Draft");
    static final double[] RATES = {0.75, 0.10, 0.05, 0.01};

    // one shared immutable list per combination: no allocation per message
    private static final List<List<String>> BY_MASK = combinations();

    private MailFlags() {
    }

    static List<String> draw(UniformRandomProvider rng) {
        int mask = 0;
        for (int i = 0; i < RATES.length; i++) {
            if (rng.nextDouble() < RATES[i]) {
                mask |= 1 << i;
            }
        }
        return BY_MASK.get(mask);
    }

    private static List<List<String>> combinations() {
        List<List<String>> all = new ArrayList<>(1 << NAMES.size());
        for (int mask = 0; mask < 1 << NAMES.size(); mask++) {
            List<String> flags = new ArrayList<>(NAMES.size());
            for (int i = 0; i < NAMES.size(); i++) {
                if ((mask & (1 << i)) != 0) {
                    flags.add(NAMES.get(i));
                }
            }
            all.add(List.copyOf(flags));
        }
        return List.copyOf(all);
    }
}
