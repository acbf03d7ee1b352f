package mailbench.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class FacadeClasspathTest {

    @Test
    void swapShouldPutTheVariantsClientFirstAndDropThePinnedOne() {
        List<Path> runtime = List.of(Path.of("target/classes"), Path.of("lib/opensearch-java-2.26.0.jar"), Path.of("lib/jackson-core-2.20.2.jar"),
            Path.of("lib/opensearch-rest-client-2.19.6.jar"));

        List<Path> swapped = FacadeClasspath.swap(runtime, List.of(Path.of("m2/opensearch-java-2.2.0.jar")));

        assertThat(swapped).containsExactly(Path.of("m2/opensearch-java-2.2.0.jar"), Path.of("target/classes"),
            Path.of("lib/jackson-core-2.20.2.jar"), Path.of("lib/opensearch-rest-client-2.19.6.jar"));
    }

    @Test
    void swapShouldKeepTheJarThatListsItsLibrariesInItsManifest() {
        List<Path> swapped = FacadeClasspath.swap(List.of(Path.of("target/mailbench.jar")), List.of(Path.of("opensearch-java-2.2.0.jar")));

        assertThat(swapped).containsExactly(Path.of("opensearch-java-2.2.0.jar"), Path.of("target/mailbench.jar"));
    }

    @Test
    void swapShouldReplaceEachHttpJarByItsOwnArtifactOnly() {
        List<Path> runtime = List.of(Path.of("target/classes"), Path.of("lib/opensearch-java-2.26.0.jar"), Path.of("lib/httpcore5-5.3.4.jar"),
            Path.of("lib/httpcore5-h2-5.3.4.jar"), Path.of("lib/httpclient5-5.4.4.jar"));

        List<Path> swapped = FacadeClasspath.swap(runtime, List.of(Path.of("m2/opensearch-java-3.9.0.jar"), Path.of("m2/httpcore5-5.4.2.jar")));

        assertThat(swapped).containsExactly(Path.of("m2/opensearch-java-3.9.0.jar"), Path.of("m2/httpcore5-5.4.2.jar"), Path.of("target/classes"),
            Path.of("lib/httpcore5-h2-5.3.4.jar"), Path.of("lib/httpclient5-5.4.4.jar"));
    }

    @Test
    void aClientPatchShouldGoFirstAndAnUnknownOneBeRefused() {
        assertThat(FacadeClasspath.clientPatch(List.of("--projection", "doc-values", "--client-patch", "request-buffer-sized")))
            .isEqualTo("request-buffer-sized");
        assertThat(FacadeClasspath.clientPatch(List.of("--client-patch=request-buffer-sized"))).isEqualTo("request-buffer-sized");
        assertThat(FacadeClasspath.clientPatch(List.of("--transport", "rest-client"))).isNull();

        // built by mvn compile beside target/classes
        List<Path> patched = FacadeClasspath.of(null, List.of("--client-patch", "request-buffer-sized"));
        assertThat(patched.get(0)).endsWith(Path.of("client-patches", "request-buffer-sized")).isDirectory();
        assertThat(patched.get(0).resolve("org/opensearch/client/transport/httpclient5/internal/HttpUriRequestProducer.class")).isRegularFile();
        assertThat(patched.subList(1, patched.size())).isEqualTo(FacadeClasspath.of(null));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FacadeClasspath.of(null, List.of("--client-patch", "nope")))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("known: request-buffer-sized");
    }

    @Test
    void versionsShouldComeFromTheJarNames() {
        assertThat(FacadeClasspath.versions(List.of(Path.of("target/classes"), Path.of("lib/httpcore5-h2-5.3.4.jar"),
            Path.of("lib/httpclient5-5.4.4.jar")))).containsOnly(org.assertj.core.api.Assertions.entry("httpcore5-h2", "5.3.4"),
                org.assertj.core.api.Assertions.entry("httpclient5", "5.4.4"));
    }

    @Test
    void onlyANewerHttpStackShouldBeTaken() {
        assertThat(FacadeClasspath.newer("5.6", "5.4.4")).isTrue();
        assertThat(FacadeClasspath.newer("5.4.2", "5.3.4")).isTrue();
        assertThat(FacadeClasspath.newer("5.1.4", "5.4.4")).isFalse();
        assertThat(FacadeClasspath.newer("5.4.4", "5.4.4")).isFalse();
    }
}
