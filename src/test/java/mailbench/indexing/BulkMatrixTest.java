package mailbench.indexing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class BulkMatrixTest {

    private final BulkMatrix matrix = new BulkMatrix(List.of(1, 10, 1000), List.of(1, 4), 2_500, 100, 0);

    @Test
    void cellsShouldBeEverySizeWithEveryConcurrencySizesOutermost() {
        assertThat(matrix.cells()).extracting(BulkMatrix.Cell::name)
            .containsExactly("Bulk 1 x 1", "Bulk 1 x 4", "Bulk 10 x 1", "Bulk 10 x 4", "Bulk 1000 x 1", "Bulk 1000 x 4");
        assertThat(matrix.cells()).extracting(BulkMatrix.Cell::index).containsExactly(0, 1, 2, 3, 4, 5);
    }

    @Test
    void aCellShouldSendItsDocumentsOnceInBulksWhoseLastMayBeShort() {
        BulkMatrix.Cell cell = matrix.cells().get(4);

        assertThat(cell.bulks()).isEqualTo(3);
        assertThat(List.of(cell.from(0), cell.to(0), cell.from(2), cell.to(2))).containsExactly(0, 1000, 2000, 2500);
        assertThat(matrix.cells().get(0).bulks()).isEqualTo(2_500);
    }

    @Test
    void theWarmUpShouldBeAnUnnumberedMiddleCellOrNone() {
        assertThat(matrix.warmUp()).isEqualTo(new BulkMatrix.Cell(-1, 10, 4, 100));
        assertThat(new BulkMatrix(List.of(1), List.of(1), 10, 0, 0).warmUp()).isNull();
    }

    @Test
    void everyNthDocumentShouldBeInvalidWhenAsked() {
        BulkMatrix withInvalid = new BulkMatrix(List.of(10), List.of(2), 200, 0, 7);

        assertThat(withInvalid.invalidIn(200)).isEqualTo(28);
        assertThat(java.util.stream.IntStream.range(0, 200).filter(withInvalid::invalid).count()).isEqualTo(28);
        assertThat(withInvalid.invalid(6)).isTrue();
        assertThat(withInvalid.invalid(0)).isFalse();
        assertThat(matrix.invalidIn(2_500)).isZero();
    }

    @Test
    void aMatrixWithoutSizesShouldBeRefused() {
        assertThatThrownBy(() -> new BulkMatrix(List.of(), List.of(1), 10, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
