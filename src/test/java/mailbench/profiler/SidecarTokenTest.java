package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class SidecarTokenTest {

    private static final String VALUE = "0123456789abcdefXYZ";
    private static final SidecarToken TOKEN = SidecarToken.of(VALUE);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "                    ", "0123456789abcde", "  0123456789abcde  "})
    void shouldRejectATokenShorterThan16Characters(String value) {
        assertThatThrownBy(() -> SidecarToken.of(value))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("the profiler token must have at least 16 characters");
    }

    @Test
    void shouldAcceptExactly16Characters() {
        assertThat(SidecarToken.of("0123456789abcdef").accepts("Bearer 0123456789abcdef")).isTrue();
    }

    @Test
    void shouldAcceptTheBearerHeaderOfItsValue() {
        assertThat(TOKEN.bearer()).isEqualTo("Bearer " + VALUE);
        assertThat(TOKEN.accepts("Bearer " + VALUE)).isTrue();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", VALUE, "Bearer", "Bearer ", "Bearer 0123456789abcdef", "Bearer " + VALUE + "Z",
        "Basic " + VALUE, "Bearer  " + VALUE, "Bearer 0123456789abcdefXYz"})
    void shouldRejectAnyOtherHeader(String authorization) {
        assertThat(TOKEN.accepts(authorization)).isFalse();
    }

    @Test
    void shouldNotShowItsValueInToString() {
        assertThat(TOKEN.toString()).doesNotContain(VALUE).doesNotContain("0123");
    }

    @Test
    void shouldWriteAGeneratedTokenReadableByItsOwnerOnly() throws IOException {
        Path file = dir.resolve("sub").resolve("token");

        SidecarToken token = SidecarToken.generate(file);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(SidecarToken.readFile(file).accepts(token.bearer())).isTrue();
        assertThat(Files.readString(file).strip()).hasSizeGreaterThanOrEqualTo(16);
    }

    @Test
    void shouldReplaceAnExistingFileWithOwnerOnlyPermissions() throws IOException {
        Path file = dir.resolve("token");
        Files.writeString(file, "an old token, readable by all");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        SidecarToken token = SidecarToken.generate(file);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(SidecarToken.readFile(file).accepts(token.bearer())).isTrue();
    }

    @Test
    void shouldGenerateADifferentTokenEachTime() throws IOException {
        SidecarToken first = SidecarToken.generate(dir.resolve("first"));
        SidecarToken second = SidecarToken.generate(dir.resolve("second"));

        assertThat(first.accepts(second.bearer())).isFalse();
    }

    @Test
    void shouldReadATokenFileIgnoringSurroundingWhitespace() throws IOException {
        Path file = Files.writeString(dir.resolve("token"), "  " + VALUE + "\n");

        assertThat(SidecarToken.readFile(file).accepts("Bearer " + VALUE)).isTrue();
    }

    @Test
    void shouldNameAMissingTokenFile() {
        Path missing = dir.resolve("missing");

        assertThatThrownBy(() -> SidecarToken.readFile(missing))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("cannot read the profiler token file " + missing);
    }
}
