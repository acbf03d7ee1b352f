package mailbench.testreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.errors.ToolError;
import mailbench.testreport.TestClassTime.Kind;

class SlowestTestsTableTest {

    private static final List<TestClassTime> TIMES = List.of(new TestClassTime("a.NightIT", Kind.INTEGRATION, 2, 176.06),
        new TestClassTime("a.BigTest", Kind.UNIT, 40, 6.5), new TestClassTime("a.SmallIT", Kind.INTEGRATION, 1, 3.0),
        new TestClassTime("a.SmallTest", Kind.UNIT, 4, 0.1));

    @Test
    void theTableShouldListTheTopClassesAndEveryKindsTotals() {
        String table = SlowestTestsTable.render(TIMES, 2, "a fresh clone");

        assertThat(table).startsWith(SlowestTestsTable.START).endsWith(SlowestTestsTable.END + "\n")
            .contains("The 2 slowest of 4 test classes (a fresh clone)")
            .contains("| 1 | `a.NightIT` | integration | 2 | 176.1")
            .contains("| 2 | `a.BigTest` | unit | 40 | 6.5")
            .doesNotContain("a.SmallIT")
            .contains("* unit: 44 tests in 2 classes, 7 s summed over classes")
            .contains("* integration: 3 tests in 2 classes, 179 s summed over classes");
    }

    @Test
    void theRegionShouldBeReplacedAndTheRestOfThePageKept() {
        String page = "= Tests\n\nbefore\n" + SlowestTestsTable.START + "\nold list\n" + SlowestTestsTable.END + "\nafter\n";
        String table = SlowestTestsTable.render(TIMES, 1, "x");

        String written = SlowestTestsTable.replaceIn(page, table);

        assertThat(written).isEqualTo("= Tests\n\nbefore\n" + table + "after\n");
        assertThat(SlowestTestsTable.replaceIn(written, table)).as("written twice, the same page").isEqualTo(written);
    }

    @Test
    void aPageWithoutTheMarkersOrATopBelowOneShouldBeRefused() {
        assertThatThrownBy(() -> SlowestTestsTable.replaceIn("= Tests\n", "t")).isInstanceOf(ToolError.class)
            .hasMessageContaining("put a line '" + SlowestTestsTable.START + "'");
        assertThatThrownBy(() -> SlowestTestsTable.render(TIMES, 0, "x")).isInstanceOf(ToolError.class).hasMessageContaining("--top");
    }

    @Test
    void theTestsPageShouldHoldAGeneratedList() throws IOException {
        String page = Files.readString(Path.of("docs", "tests.adoc"), StandardCharsets.UTF_8);
        assertThat(page).contains(SlowestTestsTable.START).contains(SlowestTestsTable.END);
        String region = page.substring(page.indexOf(SlowestTestsTable.START), page.indexOf(SlowestTestsTable.END));
        assertThat(region).as("the list in docs/tests.adoc is the command's output").contains("| 20 | `").contains("summed over classes");
    }
}
