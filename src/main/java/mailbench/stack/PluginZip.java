package mailbench.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** An OpenSearch plugin zip unpacked for a node that loads its plugins from the classpath. */
final class PluginZip {

    private PluginZip() {
    }

    /** Unpacks {@code zip} into {@code dir} once (a folder already there is reused); returns {@code dir}. */
    static Path unpack(Path zip, Path dir) throws IOException {
        Path done = dir.resolve(".unpacked");
        if (Files.exists(done)) {
            return dir;
        }
        Files.createDirectories(dir);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path target = dir.resolve(entry.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException(zip + " holds an entry outside its folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    copy(in, target);
                }
            }
        }
        Files.createFile(done);
        return dir;
    }

    /**
     * The plugin's jars whose library the node's classpath does not hold already (by artifact name, version aside): the
     * plugin ships its own copy of the server's Netty and transport, which must not sit twice on one classpath.
     */
    static List<Path> jarsMissingFrom(Path pluginDir, List<Path> classpath) throws IOException {
        Set<String> present = classpath.stream().map(PluginZip::library).collect(Collectors.toSet());
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> files = Files.list(pluginDir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted()
                .filter(jar -> !present.contains(library(jar))).forEach(jars::add);
        }
        return jars;
    }

    /** {@code netty-buffer-4.1.121.Final.jar} -> {@code netty-buffer}. */
    static String library(Path jar) {
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        return name.replaceFirst("-\\d[^-]*(-[A-Za-z0-9.]+)?$", "");
    }

    private static void copy(InputStream in, Path target) throws IOException {
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
}
