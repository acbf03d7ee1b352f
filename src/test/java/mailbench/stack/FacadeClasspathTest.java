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

        List<Path> swapped = FacadeClasspath.swap(runtime, Path.of("m2/opensearch-java-2.2.0.jar"));

        assertThat(swapped).containsExactly(Path.of("m2/opensearch-java-2.2.0.jar"), Path.of("target/classes"),
            Path.of("lib/jackson-core-2.20.2.jar"), Path.of("lib/opensearch-rest-client-2.19.6.jar"));
    }

    @Test
    void swapShouldKeepTheJarThatListsItsLibrariesInItsManifest() {
        List<Path> swapped = FacadeClasspath.swap(List.of(Path.of("target/mailbench.jar")), Path.of("opensearch-java-2.2.0.jar"));

        assertThat(swapped).containsExactly(Path.of("opensearch-java-2.2.0.jar"), Path.of("target/mailbench.jar"));
    }
}
