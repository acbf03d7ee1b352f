package mailbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The revision line from what the build wrote into git.properties, or an honest "unknown". */
class BuildRevisionTest {

    private static Properties properties(String... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    @Test
    void aCleanBuildShouldNameItsCommit() {
        BuildRevision revision = BuildRevision.of(properties("git.build.version", "0.1.0", "git.commit.id.abbrev", "1a2b3c4d5e6f",
            "git.dirty", "false"));

        assertThat(revision.revision()).isEqualTo("1a2b3c4d5e6f");
        assertThat(revision.line()).isEqualTo("mailbench 0.1.0 (revision 1a2b3c4d5e6f)");
        assertThat(revision.known()).isTrue();
    }

    @Test
    void aBuildWithUncommittedChangesShouldSaySo() {
        BuildRevision revision = BuildRevision.of(properties("git.build.version", "0.1.0", "git.commit.id.abbrev", "1a2b3c4d5e6f",
            "git.dirty", "true"));

        assertThat(revision.line()).isEqualTo("mailbench 0.1.0 (revision 1a2b3c4d5e6f-dirty)");
    }

    @Test
    void aBuildWithoutGitShouldSayTheRevisionIsUnknown() {
        BuildRevision revision = BuildRevision.of(new Properties());

        assertThat(revision.known()).isFalse();
        assertThat(revision.line()).isEqualTo("mailbench unknown (unknown revision)");
    }
}
