package mailbench.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToxiproxyBinaryTest {

    private static final String OPTION = "-Dmailbench.toxiproxy.bin";

    @TempDir
    Path dir;

    private final List<String> progress = new ArrayList<>();

    private ToxiproxyBinary binary(String path) {
        return new ToxiproxyBinary(Map.of("PATH", path, "HOME", dir.resolve("home").toString()), OPTION, progress::add);
    }

    private static Path executable(Path file, String script) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, script);
        assertThat(file.toFile().setExecutable(true)).isTrue();
        return file;
    }

    @Test
    void shouldTakeTheGivenBinaryAndRefuseOneThatIsNoExecutableNamingTheKnob() throws Exception {
        Path given = executable(dir.resolve("bin/my-toxiproxy"), "#!/bin/sh\n");
        assertThat(binary("").obtain(given)).isEqualTo(new ToxiproxyBinary.Found(given, OPTION));

        Path missing = dir.resolve("nowhere/toxiproxy-server");
        assertThatThrownBy(() -> binary("").obtain(missing)).isInstanceOf(ToxiproxyUnavailable.class)
            .hasMessage(OPTION + "=" + missing + " is no executable file: give the path of a toxiproxy-server, or leave it empty to find"
                + " or build one");
    }

    @Test
    void shouldPreferPathThenTheCache() throws Exception {
        Path cached = executable(dir.resolve("home/.cache/mailbench/toxiproxy/v2.5.0/toxiproxy-server"), "#!/bin/sh\n");
        Path onPath = executable(dir.resolve("tools/toxiproxy-server"), "#!/bin/sh\n");

        assertThat(binary(dir.resolve("empty") + ":" + onPath.getParent()).obtain(null)).isEqualTo(new ToxiproxyBinary.Found(onPath, "PATH"));
        assertThat(binary(dir.resolve("empty").toString()).obtain(null)).isEqualTo(new ToxiproxyBinary.Found(cached, "cache"));
        assertThat(progress).as("nothing built, nothing said").isEmpty();
    }

    @Test
    void theCacheShouldFollowXdgCacheHome() {
        ToxiproxyBinary xdg = new ToxiproxyBinary(Map.of("XDG_CACHE_HOME", dir.resolve("xdg").toString(), "HOME", "/home/someone"), OPTION,
            line -> { });
        assertThat(xdg.cacheDir()).isEqualTo(dir.resolve("xdg/mailbench/toxiproxy/v2.5.0"));
        assertThat(binary("").cacheDir()).isEqualTo(dir.resolve("home/.cache/mailbench/toxiproxy/v2.5.0"));
    }

    @Test
    void withNothingFoundItShouldBuildThePinnedModuleWithGoIntoTheCache() throws Exception {
        // a stand-in for go install: writes its arguments beside itself and a binary named as go names it into $GOBIN
        Path go = executable(dir.resolve("go-bin/go"), "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\n"
            + "printf '#!/bin/sh\\n' > \"$GOBIN/server\"\nchmod +x \"$GOBIN/server\"\n");

        ToxiproxyBinary.Found built = binary(go.getParent().toString()).obtain(null);

        Path cached = dir.resolve("home/.cache/mailbench/toxiproxy/v2.5.0/toxiproxy-server");
        assertThat(built).isEqualTo(new ToxiproxyBinary.Found(cached, "built"));
        assertThat(Files.isExecutable(cached)).isTrue();
        assertThat(Files.readString(go.resolveSibling("args")).strip()).isEqualTo("install -ldflags=-X github.com/Shopify/toxiproxy/v2.Version=2.5.0"
            + " github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0");
        assertThat(progress).anySatisfy(line -> assertThat(line).startsWith("building toxiproxy-server 2.5.0 from its Go module"));
        assertThat(binary(go.getParent().toString()).obtain(null).source()).as("the second run finds it").isEqualTo("cache");
    }

    @Test
    void aFailedBuildShouldSayWhatGoSaidAndTheFix() throws Exception {
        Path go = executable(dir.resolve("go-bin/go"), "#!/bin/sh\necho 'go: module lookup disabled by GOPROXY=off'\nexit 1\n");

        assertThatThrownBy(() -> binary(go.getParent().toString()).obtain(null)).isInstanceOf(ToxiproxyUnavailable.class)
            .hasMessageContaining("go install of toxiproxy-server 2.5.0 failed (exit 1): go: module lookup disabled by GOPROXY=off")
            .hasMessageEndingWith("fix Go's access to its module proxy ($GOPROXY), or give " + OPTION + "=<path of a toxiproxy-server>");
        assertThat(dir.resolve("home/.cache/mailbench/toxiproxy/v2.5.0/toxiproxy-server")).doesNotExist();
    }

    @Test
    void withoutGoItShouldNameBothFixes() {
        assertThatThrownBy(() -> binary(dir.resolve("empty").toString()).obtain(null)).isInstanceOf(ToxiproxyUnavailable.class)
            .hasMessageContaining("no toxiproxy-server on PATH nor in " + dir.resolve("home/.cache/mailbench/toxiproxy/v2.5.0"))
            .hasMessageContaining("install Go 1.17 or later")
            .hasMessageEndingWith("or give " + OPTION + "=<path of a toxiproxy-server>");
    }
}
