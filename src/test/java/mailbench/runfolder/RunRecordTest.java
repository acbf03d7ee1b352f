package mailbench.runfolder;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** run.json keeps every knob as its -D text; a reader takes a whole number from it through the record (its write and read: RunFolderTest). */
class RunRecordTest {

    @Test
    void aWholeNumberKnobShouldReadAsOneAndAnythingElseAsAbsent() {
        RunRecord record = new RunRecord();
        record.knobs.put("mailbench.rate", "1000");
        record.knobs.put("mailbench.warmup", " 60 ");
        record.knobs.put("mailbench.duration", "fast");

        assertThat(record.wholeKnob("mailbench.rate")).hasValue(1000);
        assertThat(record.wholeKnob("mailbench.warmup")).hasValue(60);
        assertThat(record.wholeKnob("mailbench.duration")).as("not a number").isEmpty();
        assertThat(record.wholeKnob("mailbench.corpus.messages")).as("not recorded").isEmpty();
    }
}
