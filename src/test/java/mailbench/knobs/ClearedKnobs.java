package mailbench.knobs;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every knob's system property unset before each test and put back as it was after it, so a test that sets knobs reads
 * only its own and leaves none behind ({@code @ExtendWith(ClearedKnobs.class)}).
 */
public final class ClearedKnobs implements BeforeEachCallback, AfterEachCallback {

    private final Map<String, String> saved = new HashMap<>();

    @Override
    public void beforeEach(ExtensionContext context) {
        saved.clear();
        for (Knob knob : Knobs.KNOBS) {
            saved.put(knob.name(), System.getProperty(knob.name()));
            System.clearProperty(knob.name());
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        saved.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }
}
