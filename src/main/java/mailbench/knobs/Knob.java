package mailbench.knobs;

import java.util.ArrayList;
import java.util.List;

/** One -D system property a run reads: its name, default and what it changes (listed in docs/reference.adoc). */
public record Knob(String name, String defaultValue, String description) {

    public String value() {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? defaultValue : value.strip();
    }

    public int intValue(int min, int max) {
        String value = value();
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("-D" + name + " must be an integer between " + min + " and " + max
            + ", got '" + value + "' (default " + defaultValue + ")");
    }

    /** A comma-separated list of distinct integers, each between min and max, in the order given. */
    public List<Integer> intListValue(int min, int max) {
        String value = value();
        List<Integer> values = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            Integer parsed = null;
            try {
                parsed = Integer.valueOf(part.strip());
            } catch (NumberFormatException e) {
                // reported below
            }
            if (parsed == null || parsed < min || parsed > max || values.contains(parsed)) {
                throw new IllegalArgumentException("-D" + name + " must be distinct integers between " + min + " and " + max
                    + ", separated by commas, got '" + value + "' (default " + defaultValue + ")");
            }
            values.add(parsed);
        }
        return List.copyOf(values);
    }

    public long longValue() {
        String value = value();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + name + " must be a whole number, got '" + value + "' (default " + defaultValue + ")");
        }
    }

    public double doubleValue(double min, double max) {
        String value = value();
        try {
            double parsed = Double.parseDouble(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("-D" + name + " must be a number between " + min + " and " + max
            + ", got '" + value + "' (default " + defaultValue + ")");
    }

    public boolean booleanValue() {
        String value = value();
        if ("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value)) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("-D" + name + " must be true or false, got '" + value + "'");
    }
}
