package mailbench.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;

import mailbench.stack.NodeClasspath;
import mailbench.stack.StackOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mailbench node-lib}: the embedded node's jars in one folder, for the OpenSearch node image
 * (docker/prebuilt.Dockerfile). Resolved as the local stack resolves them, so from the Maven repository a build
 * already filled: the image build downloads nothing again.
 */
@Command(name = "node-lib", mixinStandardHelpOptions = true,
    description = "Copy the embedded OpenSearch node's jars (OpenSearch, its Netty transport, log4j-core) into one folder,"
        + " the classpath of the OpenSearch node image.")
final class NodeLibCommand implements Callable<Integer> {

    @Option(names = "--out", description = "The folder; jars already there are replaced (default: ${DEFAULT-VALUE})",
        defaultValue = "target/node-lib")
    Path out;

    @Option(names = "--opensearch-version", description = "OpenSearch version (default: ${DEFAULT-VALUE})",
        defaultValue = StackOptions.DEFAULT_OPENSEARCH_VERSION)
    String opensearchVersion;

    @Override
    public Integer call() throws IOException {
        List<Path> jars = NodeClasspath.resolve(opensearchVersion);
        Files.createDirectories(out);
        // a jar of another version left from an earlier call would join the node's classpath: the folder holds this one only
        try (DirectoryStream<Path> old = Files.newDirectoryStream(out, "*.jar")) {
            for (Path jar : old) {
                Files.delete(jar);
            }
        }
        for (Path jar : jars) {
            Files.copy(jar, out.resolve(jar.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
        }
        System.out.println("node-lib: " + jars.size() + " jars of OpenSearch " + opensearchVersion + " in " + out.toAbsolutePath());
        return 0;
    }
}
