package mailbench.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ServerTlsTest {

    private static final Path CERT = Path.of("cert.pem");
    private static final Path KEY = Path.of("key.pem");

    @Test
    void aCertificateShouldComeWithItsKey() {
        assertThatThrownBy(() -> new ServerTls(CERT, null, null, null, false)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("give both --tls-cert and --tls-key (PEM), or neither");
        assertThatThrownBy(() -> new ServerTls(CERT, KEY, Path.of("store.p12"), null, false))
            .hasMessageContaining("not both");
    }

    @Test
    void aTokenOverPlainHttpShouldBeRefusedOffLoopbackNamingTheFixes() {
        assertThatThrownBy(() -> ServerTls.PLAIN.checkTokenExposure("0.0.0.0", true, "facade"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--host 0.0.0.0 lets other hosts reach the facade over plain HTTP, where its token would cross the network in"
                + " clear text: give a certificate (--tls-cert and --tls-key, PEM, or --tls-keystore), or --allow-token-over-http if"
                + " this network is trusted");
    }

    @Test
    void loopbackACertificateNoTokenOrAnExplicitAllowanceShouldPass() {
        assertThatCode(() -> ServerTls.PLAIN.checkTokenExposure("127.0.0.1", true, "facade")).doesNotThrowAnyException();
        assertThatCode(() -> ServerTls.PLAIN.checkTokenExposure("localhost", true, "facade")).doesNotThrowAnyException();
        assertThatCode(() -> ServerTls.PLAIN.checkTokenExposure("0.0.0.0", false, "facade")).doesNotThrowAnyException();
        assertThatCode(() -> new ServerTls(CERT, KEY, null, null, false).checkTokenExposure("0.0.0.0", true, "facade"))
            .doesNotThrowAnyException();
        assertThatCode(() -> new ServerTls(null, null, null, null, true).checkTokenExposure("0.0.0.0", true, "facade"))
            .doesNotThrowAnyException();
    }

    @Test
    void missingFilesShouldStopTheCommandNamingTheOption() {
        assertThatThrownBy(() -> ServerTls.of(Path.of("no-such-cert.pem"), KEY, null, false, Map.of()))
            .hasMessage("--tls-cert: no such file: no-such-cert.pem");
        assertThatThrownBy(() -> ServerTls.of(null, null, Path.of("no-such.p12"), false, Map.of()))
            .hasMessage("--tls-keystore: no such file: no-such.p12");
    }

    @Test
    void describeShouldNameTheFilesAndNeverThePassword() {
        ServerTls keystore = new ServerTls(null, null, Path.of("store.p12"), "secret-password".toCharArray(), false);
        assertThat(keystore.describe()).isEqualTo("TLS keystore store.p12");
        assertThat(keystore.toString()).doesNotContain("secret-password");
        assertThat(keystore.scheme()).isEqualTo("https");
        assertThat(ServerTls.PLAIN.scheme()).isEqualTo("http");
        assertThat(new ServerTls(null, null, null, null, true).describe()).isEqualTo("plain HTTP (--allow-token-over-http)");
    }
}
