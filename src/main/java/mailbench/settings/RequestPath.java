package mailbench.settings;

import mailbench.knobs.Knobs;

/** Where a run's requests go ({@code -Dmailbench.path}): through the facade, or straight to OpenSearch's _search. */
public enum RequestPath {

    FACADE("facade"),
    DIRECT("direct");

    private final String value;

    RequestPath(String value) {
        this.value = value;
    }

    /** The knob's value; an unknown one is refused with the values it takes. */
    public static RequestPath of(String value) {
        for (RequestPath path : values()) {
            if (path.value.equals(value)) {
                return path;
            }
        }
        throw new IllegalArgumentException("-D" + Knobs.PATH.name() + " must be facade or direct, got '" + value + "'");
    }

    /** As the knob, run.json and the run folder's name spell it. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
