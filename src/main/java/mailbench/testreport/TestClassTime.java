package mailbench.testreport;

/** One test class of a build: its name, unit or integration, how many tests it ran and the seconds they took. */
public record TestClassTime(String className, Kind kind, int tests, double seconds) {

    /** Which plugin ran it: surefire the unit tests ({@code *Test}), failsafe the integration tests ({@code *IT}). */
    public enum Kind {
        UNIT("unit"), INTEGRATION("integration");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
