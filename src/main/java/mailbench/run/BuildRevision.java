package mailbench.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and git revision mailbench was built from, as the build wrote them into
 * {@code mailbench/git.properties}; "unknown revision" when it was built without a .git folder.
 */
public record BuildRevision(String version, String revision) {

    static final String RESOURCE = "/mailbench/git.properties";
    public static final String UNKNOWN = "unknown";

    /** This build's revision, read once from the classpath. */
    public static BuildRevision current() {
        try (InputStream in = BuildRevision.class.getResourceAsStream(RESOURCE)) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            BuildRevision read = of(properties);
            // built without .git: the jar's manifest still names the version
            String manifest = BuildRevision.class.getPackage().getImplementationVersion();
            return read.version().equals(UNKNOWN) && manifest != null ? new BuildRevision(manifest, read.revision()) : read;
        } catch (IOException e) {
            return new BuildRevision(UNKNOWN, UNKNOWN);
        }
    }

    /** From the plugin's keys: {@code git.build.version}, {@code git.commit.id.abbrev}, {@code git.dirty}. */
    static BuildRevision of(Properties properties) {
        String version = properties.getProperty("git.build.version", "").strip();
        String commit = properties.getProperty("git.commit.id.abbrev", "").strip();
        boolean dirty = Boolean.parseBoolean(properties.getProperty("git.dirty", "false").strip());
        return new BuildRevision(version.isEmpty() ? UNKNOWN : version,
            commit.isEmpty() ? UNKNOWN : commit + (dirty ? "-dirty" : ""));
    }

    public boolean known() {
        return !UNKNOWN.equals(revision);
    }

    /** What {@code mailbench --version} prints, e.g. "mailbench 0.1.0-SNAPSHOT (revision 1a2b3c4d5e6f)". */
    public String line() {
        return "mailbench " + version + " (" + (known() ? "revision " + revision : "unknown revision") + ")";
    }
}
