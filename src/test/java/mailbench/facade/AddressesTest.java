package mailbench.facade;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "alice@example.com|alice@example.com",
        "Alice@Example.COM|alice@example.com",
        "'  BOB@example.org\t'|bob@example.org",
        "Ünal@Example.de|ünal@example.de"})
    void normalizeShouldStripAndLowerCase(String address, String expected) {
        assertThat(Addresses.normalize(address)).isEqualTo(expected);
    }

    @Test
    void normalizeShouldNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));

            assertThat(Addresses.normalize("IAN@EXAMPLE.COM")).isEqualTo("ian@example.com");
        } finally {
            Locale.setDefault(saved);
        }
    }
}
