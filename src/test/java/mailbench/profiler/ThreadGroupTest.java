package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Thread names as the JDK, httpclient5, httpasyncclient 4 and Vert.x 5 really name their threads. */
class ThreadGroupTest {

    @ParameterizedTest
    @ValueSource(strings = {"httpclient-dispatch-3", "I/O dispatcher 12"})
    void shouldPutTheClientIoReactorInTheClientEventLoop(String thread) {
        assertThat(ThreadGroup.of(thread)).isEqualTo(ThreadGroup.CLIENT_EVENT_LOOP);
    }

    @ParameterizedTest
    @ValueSource(strings = {"vert.x-eventloop-thread-0", "vert.x-worker-thread-5", "vert.x-acceptor-thread-0"})
    void shouldPutVertxThreadsInTheFacadeServer(String thread) {
        assertThat(ThreadGroup.of(thread)).isEqualTo(ThreadGroup.FACADE_SERVER);
    }

    // Vert.x names this pool "vert.x-internal-blocking-" + N, without "-thread"
    @Test
    void shouldPutVertxInternalBlockingThreadsInTheFacadeServer() {
        assertThat(ThreadGroup.of("vert.x-internal-blocking-2")).isEqualTo(ThreadGroup.FACADE_SERVER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GC Thread#0", "G1 Conc#0", "G1 Main Marker", "G1 Refine#0", "VM Thread"})
    void shouldPutCollectorThreadsInGc(String thread) {
        assertThat(ThreadGroup.of(thread)).isEqualTo(ThreadGroup.GC);
    }

    @ParameterizedTest
    @ValueSource(strings = {"C2 CompilerThread0", "C1 CompilerThread1", "C2 CompilerThre", "C1 CompilerThre"}) // as profiled: Linux cuts names at 15 chars
    void shouldPutCompilerThreadsInJit(String thread) {
        assertThat(ThreadGroup.of(thread)).isEqualTo(ThreadGroup.JIT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"main", "httpclient-dispatcher", "mailbench-profiler", "", "VM Periodic Task Thread",
        "xhttpclient-dispatch-1"})
    void shouldPutEverythingElseInOther(String thread) {
        assertThat(ThreadGroup.of(thread)).isEqualTo(ThreadGroup.OTHER);
    }

    @ParameterizedTest
    @CsvSource({"httpclient-disp, CLIENT_EVENT_LOOP", "'I/O dispatcher ', CLIENT_EVENT_LOOP", "vert.x-eventloo, FACADE_SERVER",
        "vert.x-worker-t, FACADE_SERVER", "C2 CompilerThre, JIT", "GC Thread#0, GC", "VM Thread, GC", "G1 Conc#0, GC",
        "mailbench-timer, OTHER", "vert.x-blocked-, OTHER", "httpclient-main, OTHER"})
    void anOsNameCutAt15CharactersShouldFindTheGroupItBegins(String osName, ThreadGroup group) {
        assertThat(ThreadGroup.ofOsName(osName)).isEqualTo(group);
    }

    @Test
    void shouldHaveTheKeysOfSummaryJsonInDeclarationOrder() {
        assertThat(ThreadGroup.all()).extracting(ThreadGroup::key)
            .doesNotHaveDuplicates()
            .containsExactly("clientEventLoop", "facadeServer", "gc", "jit", "other");
    }
}
