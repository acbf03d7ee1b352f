package mailbench.injectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import mailbench.runfolder.RunSummary;

class SwarmTaskTest {

    /** Two tasks as docker inspect --format '{{json .}}' prints them (abridged): slot 0 and a failed slot 2. */
    private static final String INSPECT = """
        {"ID":"vde42vmtjm6gcyzhmzw96ztjq","Slot":0,"NodeID":"gdrdwkgcqvar92uo0unj13lm2","Status":{"State":"complete","ContainerStatus":{"ExitCode":0}}}
        {"ID":"7llxbhpqkw2qabcdefghijklm","Slot":2,"NodeID":"gdrdwkgcqvar92uo0unj13lm2","Status":{"State":"failed","Err":"task: non-zero exit (1)","ContainerStatus":{"ExitCode":1}}}
        {"ID":"o2q8i8xbuesgciqaiajwfvd0o","Slot":1,"NodeID":"","Status":{"State":"pending"}}
        """;

    @Test
    void tasksShouldBeReadWithTheirSlotStateAndExitCode() {
        List<SwarmTask> tasks = SwarmTask.parse(INSPECT);

        assertThat(tasks).extracting(SwarmTask::index).containsExactly(0, 2, 1);
        assertThat(tasks.get(0).finishedItsRun()).isTrue();
        assertThat(tasks.get(1).ended()).isTrue();
        assertThat(tasks.get(1).finishedItsRun()).isFalse();
        assertThat(tasks.get(1).describe()).startsWith("injector 2 (task 7llxbhpqkw2q): failed, exit 1").endsWith("task: non-zero exit (1)");
        assertThat(tasks.get(2).started()).isFalse();
        assertThat(tasks.get(2).exitCode()).isNull();
    }

    @Test
    void theGateShouldJudgeEveryRequestNameOfTheMergedRun() {
        RunSummary.NamedStats fast = new RunSummary.NamedStats("Search by text", 1000, 0, 300, 5, 20, 40, 90, 8);
        RunSummary.NamedStats slow = new RunSummary.NamedStats("Get message by id", 1000, 20, 300, 5, 20, 250, 900, 9);
        RunSummary merged = new RunSummary(null, List.of(fast, slow), null, null, true, null, null, null, null);

        assertThat(new MergedGate(200, 99).failures(merged))
            .containsExactly("Get message by id: p99 250 ms > 200 ms", "Get message by id: 98.00% OK < 99.00%");
        assertThat(new MergedGate(300, 98).failures(merged)).isEmpty();
        assertThat(new MergedGate(300, 98).failures(new RunSummary(null, List.of(), null, null, true, null, null, null, null)))
            .containsExactly("no measured request in the merged run");
    }
}
