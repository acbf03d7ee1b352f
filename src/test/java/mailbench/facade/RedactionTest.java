package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Connection refused: node1.internal/10.0.0.5:9200 | Connection refused: <host>",
        "host [https://search.staging.example.com:9200/mail] | host [<url>]",
        "connect to localhost:9200 failed | connect to <host> failed",
        "peer 192.168.1.20 closed | peer <host> closed",
        "peer [fe80::1:2:3]:9200 closed | peer <host> closed",
        "peer fe80::1:2:3 closed | peer <host> closed",
        "No subject alternative DNS name matching node1.staging found. | No subject alternative DNS name matching <host> found.",
        "No subject alternative names matching IP address 10.1.2.3 found | No subject alternative names matching IP address <host> found",
        "issuer (CN=Staging CA, OU=Search, O=Acme Corp, C=FR) not trusted | issuer (<certificate subject>) not trusted",
    })
    void ofShouldReplaceHostsUrlsAndCertificateSubjects(String message, String expected) {
        assertThat(Redaction.of(message)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "failed to parse field [receivedAt] of type [date]",
        "[1:25] Unexpected character",
        "mapper_parsing_exception: failed to parse field [attachments.name]",
        "too_many_clauses: maxClauseCount is set to 1024",
    })
    void ofShouldLeaveOrdinaryReasonsAlone(String message) {
        assertThat(Redaction.of(message)).isEqualTo(message);
    }
}
