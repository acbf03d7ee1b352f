package mailbench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import mailbench.profiler.CollapsedStacks.Stack;

class CollapsedStacksTest {

    private static final String EVENT_LOOP_LINE = "[httpclient-dispatch-1 tid=123];java/lang/Thread.run_[0];a/B.c_[j] 7";
    private static final String SERVER_LINE = "[vert.x-eventloop-thread-0 tid=45];io/vertx/Loop.run_[j];x/Y.z_[i] 5";
    private static final String GC_LINE = "[GC Thread#0 tid=9];[unknown];G1ParTask::work 3";

    private static CollapsedStacks parse(String... lines) {
        return CollapsedStacks.parse(List.of(lines));
    }

    private static Stack single(String line) {
        List<Stack> stacks = parse(line).stacks();
        assertThat(stacks).hasSize(1);
        return stacks.get(0);
    }

    private static CollapsedStacks mixed() {
        return parse(EVENT_LOOP_LINE, SERVER_LINE, GC_LINE);
    }

    @Nested
    class Parse {

        @Test
        void shouldReadTheThreadFramesAndCountOfALineWithATid() {
            Stack stack = single(EVENT_LOOP_LINE);

            assertThat(stack.thread()).isEqualTo("httpclient-dispatch-1");
            assertThat(stack.frames()).containsExactly("java/lang/Thread.run_[0]", "a/B.c_[j]");
            assertThat(stack.samples()).isEqualTo(7);
            assertThat(stack.group()).isEqualTo(ThreadGroup.CLIENT_EVENT_LOOP);
        }

        @Test
        void shouldReadAThreadRootWithoutATid() {
            Stack stack = single("[I/O dispatcher 12];a/B.c_[j] 2");

            assertThat(stack.thread()).isEqualTo("I/O dispatcher 12");
            assertThat(stack.frames()).containsExactly("a/B.c_[j]");
            assertThat(stack.samples()).isEqualTo(2);
        }

        @Test
        void shouldKeepEveryFrameWhenTheLineHasNoThreadRoot() {
            Stack stack = single("java/lang/Thread.run_[0];a/B.c_[j] 4");

            assertThat(stack.thread()).isEmpty();
            assertThat(stack.frames()).containsExactly("java/lang/Thread.run_[0]", "a/B.c_[j]");
            assertThat(stack.group()).isEqualTo(ThreadGroup.OTHER);
        }

        @Test
        void shouldKeepFramesWithSpacesAndBracketsAfterTheRoot() {
            Stack stack = single("[main tid=1];Interpreter;[unknown];Some Native Frame;a/B.c_[j] 11");

            assertThat(stack.thread()).isEqualTo("main");
            assertThat(stack.frames()).containsExactly("Interpreter", "[unknown]", "Some Native Frame", "a/B.c_[j]");
            assertThat(stack.samples()).isEqualTo(11);
        }

        @Test
        void shouldSkipBlankLines() {
            CollapsedStacks stacks = parse("", EVENT_LOOP_LINE, "   ", SERVER_LINE, "");

            assertThat(stacks.stacks()).extracting(Stack::thread)
                .containsExactly("httpclient-dispatch-1", "vert.x-eventloop-thread-0");
        }

        @ParameterizedTest
        @ValueSource(strings = {"[main tid=1];a/B.c_[j]", "[main tid=1];a/B.c_[j] many", "7", "[main];a -3"})
        void shouldRejectALineWithoutATrailingCountNamingItsLineNumber(String bad) {
            assertThatThrownBy(() -> parse(EVENT_LOOP_LINE, "", bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 3")
                .hasMessageContaining(bad);
        }
    }

    @Nested
    class Selection {

        @Test
        void samplesShouldAddUpEveryStack() {
            assertThat(mixed().samples()).isEqualTo(7 + 5 + 3);
        }

        @Test
        void samplesShouldBeZeroForNoStacks() {
            assertThat(parse().samples()).isZero();
        }

        @Test
        void inGroupShouldKeepOnlyTheStacksOfThatGroup() {
            CollapsedStacks gc = mixed().inGroup(ThreadGroup.GC);

            assertThat(gc.stacks()).extracting(Stack::thread).containsExactly("GC Thread#0");
            assertThat(gc.samples()).isEqualTo(3);
            assertThat(mixed().inGroup(ThreadGroup.JIT).stacks()).isEmpty();
        }

        @Test
        void filterShouldKeepTheStacksThePredicateAccepts() {
            CollapsedStacks big = mixed().filter(stack -> stack.samples() >= 5);

            assertThat(big.stacks()).extracting(Stack::samples).containsExactly(7L, 5L);
        }
    }

    @Nested
    class ToLines {

        @Test
        void shouldPutTheGivenRootBeforeTheFrames() {
            List<String> lines = mixed().toLines(stack -> "[" + stack.group().key() + "]");

            assertThat(lines).containsExactly(
                "[clientEventLoop];java/lang/Thread.run_[0];a/B.c_[j] 7",
                "[facadeServer];io/vertx/Loop.run_[j];x/Y.z_[i] 5",
                "[gc];[unknown];G1ParTask::work 3");
        }

        @Test
        void shouldDropTheThreadRootWhenTheRootIsNull() {
            assertThat(mixed().toLines(stack -> null)).containsExactly(
                "java/lang/Thread.run_[0];a/B.c_[j] 7",
                "io/vertx/Loop.run_[j];x/Y.z_[i] 5",
                "[unknown];G1ParTask::work 3");
        }

        @Test
        void shouldWriteOnlyTheRootForAStackWithoutFrames() {
            assertThat(parse("[main tid=1] 2").toLines(stack -> "[other]")).containsExactly("[other] 2");
        }

        @Test
        void shouldRoundTripThroughParse() {
            CollapsedStacks stacks = mixed();

            CollapsedStacks again = CollapsedStacks.parse(stacks.toLines(stack -> "[" + stack.thread() + "]"));

            assertThat(again).isEqualTo(stacks);
        }
    }

    @Nested
    class Method {

        @ParameterizedTest
        @CsvSource({
            "a/B.c_[j], a/B.c",
            "a/B.c_[i], a/B.c",
            "a/B.c_[0], a/B.c",
            "a/B.c_[k], a/B.c",
            "a/B.c_[1], a/B.c",
            "do_syscall_64_[k], do_syscall_64",
            "a/B$$Lambda$792.0x00007fed643faad8.apply_[j], a/B$$Lambda.apply",
            "a/B$$Lambda/0x000000080104a000.apply, a/B$$Lambda.apply",
            "a/B$$Lambda$13/0x0000000800c0b000.get_[i], a/B$$Lambda.get"})
        void shouldStripTheConverterTypeSuffix(String frame, String method) {
            assertThat(CollapsedStacks.method(frame)).isEqualTo(method);
        }

        @ParameterizedTest
        @ValueSource(strings = {"a/B.c", "[unknown]", "Interpreter", "a/B.c_[jk]", "a/B.c_[J]", "a/B.c[j]", "a/B.c_[j].d"})
        void shouldLeaveOtherTextAlone(String frame) {
            assertThat(CollapsedStacks.method(frame)).isEqualTo(frame);
        }
    }
}
