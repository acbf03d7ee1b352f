package mailbench.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

import javax.net.ssl.SSLHandshakeException;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenSearchAccessTest {

    private static final String SECRET = "s3cret:with:colons";

    @TempDir
    Path dir;

    @Nested
    class CredentialsFromFileOrEnvironment {

        @Test
        void aFileOfOneLineShouldGiveUserAndPasswordSplitAtTheFirstColon() throws Exception {
            Path file = Files.writeString(dir.resolve("creds"), "alice:" + SECRET + "\n");
            Credentials credentials = Credentials.fromFileOrEnv(file, "--opensearch-credentials-file", Map.of());
            assertThat(credentials.username()).isEqualTo("alice");
            assertThat(credentials.basicAuthorization())
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString(("alice:" + SECRET).getBytes(StandardCharsets.UTF_8)));
            assertThat(credentials.toString()).doesNotContain(SECRET).doesNotContain("alice").contains(file.toString());
        }

        @Test
        void theFileShouldWinOverTheEnvironment() throws Exception {
            Path file = Files.writeString(dir.resolve("creds"), "alice:" + SECRET);
            assertThat(Credentials.fromFileOrEnv(file, "--opt", Map.of(Credentials.USERNAME_ENV, "bob", Credentials.PASSWORD_ENV, "x"))
                .username()).isEqualTo("alice");
        }

        @Test
        void aBadFileShouldBeRefusedWithoutQuotingIt() throws Exception {
            Path file = Files.writeString(dir.resolve("creds"), SECRET.replace(":", "") + "\n");
            assertThatThrownBy(() -> Credentials.fromFileOrEnv(file, "--opensearch-credentials-file", Map.of()))
                .hasMessageContaining("--opensearch-credentials-file").hasMessageContaining("one line username:password")
                .hasMessageNotContaining(SECRET.replace(":", ""));
            Path twoLines = Files.writeString(dir.resolve("two"), "a:b\nc:d\n");
            assertThatThrownBy(() -> Credentials.fromFileOrEnv(twoLines, "--opt", Map.of())).hasMessageContaining("exactly one line");
            assertThatThrownBy(() -> Credentials.fromFileOrEnv(dir.resolve("missing"), "--opt", Map.of())).hasMessageContaining("cannot read");
        }

        @Test
        void theEnvironmentShouldNeedBothVariablesOrNone() {
            assertThat(Credentials.fromFileOrEnv(null, "--opt", Map.of())).isNull();
            Credentials credentials = Credentials.fromFileOrEnv(null, "--opt",
                Map.of(Credentials.USERNAME_ENV, "alice", Credentials.PASSWORD_ENV, SECRET));
            assertThat(credentials.source()).contains(Credentials.USERNAME_ENV);
            assertThatThrownBy(() -> Credentials.fromFileOrEnv(null, "--opt", Map.of(Credentials.USERNAME_ENV, "alice")))
                .hasMessageContaining("$" + Credentials.PASSWORD_ENV + " is not set");
            assertThatThrownBy(() -> Credentials.fromFileOrEnv(null, "--opt", Map.of(Credentials.PASSWORD_ENV, SECRET)))
                .hasMessageContaining("$" + Credentials.USERNAME_ENV + " is not set").hasMessageNotContaining(SECRET);
        }
    }

    @Nested
    class Urls {

        @Test
        void severalUrlsShouldBeSplitOnCommas() {
            assertThat(OpenSearchUrls.parse("https://os-1:9200, https://os-2:9200/", "--opensearch"))
                .containsExactly(URI.create("https://os-1:9200"), URI.create("https://os-2:9200"));
        }

        @Test
        void credentialsInAUrlShouldBeRefusedNamingTheRightWayAndMasked() {
            assertThatThrownBy(() -> OpenSearchUrls.parse("https://os-1:9200,https://admin:" + SECRET + "@os-2:9200", "--opensearch"))
                .hasMessageContaining("--opensearch must not carry credentials in the URL ('https://***@os-2:9200')")
                .hasMessageContaining("$" + Credentials.PASSWORD_ENV).hasMessageContaining(OpenSearchAccess.CREDENTIALS_OPTION)
                .hasMessageNotContaining(SECRET).hasMessageNotContaining("admin");
        }

        @Test
        void otherSchemesAndEmptyListsShouldBeRefused() {
            assertThatThrownBy(() -> OpenSearchUrls.parse("ftp://os-1", "--opensearch")).hasMessageContaining("http(s)://host:port");
            assertThatThrownBy(() -> OpenSearchUrls.parse(" , ", "--opensearch")).hasMessageContaining("at least one");
        }

        @Test
        void maskShouldHideTheUserInfoOfEveryUrlInAText() {
            assertThat(OpenSearchUrls.mask("http://a:b@h1:9200,https://c@h2")).isEqualTo("http://***@h1:9200,https://***@h2");
            assertThat(OpenSearchUrls.mask("user@example.com")).isEqualTo("user@example.com");
        }
    }

    @Nested
    class Trust {

        @Test
        void aCaFileAndATruststoreTogetherShouldBeRefused() throws Exception {
            Path pem = Files.writeString(dir.resolve("ca.pem"), "x");
            assertThatThrownBy(() -> OpenSearchAccess.of(pem, pem, null, Map.of())).hasMessageContaining("either --opensearch-ca");
        }

        @Test
        void aMissingOrEmptyCaFileShouldBeRefusedAtStartup() throws Exception {
            assertThatThrownBy(() -> OpenSearchAccess.of(dir.resolve("nope.pem"), null, null, Map.of()))
                .hasMessageContaining("--opensearch-ca: no such file");
            Path empty = Files.writeString(dir.resolve("empty.pem"), "");
            assertThatThrownBy(() -> OpenSearchAccess.of(empty, null, null, Map.of())).hasMessageContaining("--opensearch-ca");
            Path junk = Files.writeString(dir.resolve("junk.pem"), "not a certificate");
            assertThatThrownBy(() -> OpenSearchAccess.of(null, junk, null, Map.of())).hasMessageContaining("--opensearch-truststore");
        }

        @Test
        void describeShouldSayWhereThingsComeFromAndNeverTheSecret() throws Exception {
            Path file = Files.writeString(dir.resolve("creds"), "alice:" + SECRET);
            OpenSearchAccess access = OpenSearchAccess.of(null, null, file, Map.of());
            assertThat(access.describe()).isEqualTo("TLS trust: JDK default CAs, basic auth: from file " + file);
            assertThat(access.toString()).doesNotContain(SECRET);
        }
    }

    @Nested
    class Problems {

        @Test
        void anUntrustedCertificateShouldNameTheCaOptions() {
            SSLHandshakeException handshake = new SSLHandshakeException("PKIX path building failed");
            handshake.initCause(new java.security.cert.CertPathBuilderException("unable to find valid certification path"));
            assertThat(AccessProblems.explain(new java.io.IOException("wrapped", handshake)))
                .contains("not trusted").contains("--opensearch-ca").contains("--opensearch-truststore");
        }

        @Test
        void refusedCredentialsShouldNameTheVariables() {
            assertThat(AccessProblems.explain(new CredentialsRefused(true))).contains("refused the credentials").contains(Credentials.PASSWORD_ENV);
            assertThat(AccessProblems.explain(new CredentialsRefused(false))).contains("requires credentials");
            assertThat(AccessProblems.explain(new java.net.ConnectException("refused"))).isNull();
        }
    }
}
