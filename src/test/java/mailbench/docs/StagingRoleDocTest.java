package mailbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.stack.NodeSecurity;

/** The role and mapping docs/staging.adoc shows are, byte for byte, the files mailbench ships (and SecuredNodeIT proves). */
class StagingRoleDocTest {

    @Test
    void theRoleSectionShouldListTheShippedRolesAndMapping() throws IOException {
        String page = Files.readString(Path.of("docs", "staging.adoc"));
        String section = ReferenceDocTest.section(page, "role");
        assertThat(listings(section)).containsExactly(shipped(NodeSecurity.ROLES_RESOURCE), shipped(NodeSecurity.ROLES_MAPPING_RESOURCE));
    }

    @Test
    void aListingThatDriftedShouldBeCaught() throws IOException {
        String section = "[source,yaml]\n----\nmailbench:\n  cluster_permissions: []\n----\n";
        assertThat(listings(section)).doesNotContain(shipped(NodeSecurity.ROLES_RESOURCE));
    }

    /** The bodies of the section's YAML listings. */
    static List<String> listings(String section) {
        List<String> bodies = new ArrayList<>();
        int at = 0;
        while ((at = section.indexOf("[source,yaml]\n----\n", at)) >= 0) {
            int start = at + "[source,yaml]\n----\n".length();
            int end = section.indexOf("\n----\n", start - 1);
            bodies.add(section.substring(start, end + 1));
            at = end;
        }
        return bodies;
    }

    private static String shipped(String resource) throws IOException {
        try (InputStream in = NodeSecurity.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
