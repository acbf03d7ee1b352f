package mailbench.profiler;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collapsed stacks as async-profiler's converter writes them with {@code --threads}: one line per
 * distinct stack, {@code [thread name tid=N];frame;...;leaf count}. Frames keep the converter's
 * type suffix ({@code _[j]} compiled, {@code _[i]} inlined, {@code _[0]} interpreted, {@code _[k]} kernel).
 */
public record CollapsedStacks(List<Stack> stacks) {

    private static final Pattern THREAD_ROOT = Pattern.compile("\\[(.*?)(?: tid=\\d+)?]");
    private static final Pattern FRAME_SUFFIX = Pattern.compile("_\\[[a-z0-9]]$");
    /** A lambda's generated class name carries a per-JVM number and address ($$Lambda$792.0x7fed..., $$Lambda/0x...). */
    private static final Pattern LAMBDA_ID = Pattern.compile("\\$\\$Lambda(?:\\$\\d+)?(?:[./]0x[0-9a-f]+)?");

    /** One stack: its thread (empty if the line had no thread root), frames from root to leaf, and its sample count. */
    public record Stack(String thread, List<String> frames, long samples) {

        public ThreadGroup group() {
            return ThreadGroup.of(thread);
        }
    }

    public static CollapsedStacks read(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader.lines().toList());
        }
    }

    /** Parses lines; blank lines are skipped, a line without a trailing sample count is an error naming the line. */
    public static CollapsedStacks parse(List<String> lines) {
        List<Stack> stacks = new ArrayList<>();
        int lineNumber = 0;
        for (String raw : lines) {
            lineNumber++;
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            long samples;
            try {
                samples = space < 0 ? -1 : Long.parseLong(line.substring(space + 1).strip());
            } catch (NumberFormatException e) {
                samples = -1;
            }
            if (samples < 0) {
                throw new IllegalArgumentException("collapsed stacks, line " + lineNumber + ": no sample count at the end: "
                    + (line.length() > 120 ? line.substring(0, 120) + "..." : line));
            }
            List<String> frames = new ArrayList<>(List.of(line.substring(0, space).split(";")));
            String thread = "";
            Matcher root = THREAD_ROOT.matcher(frames.get(0));
            if (root.matches()) {
                thread = root.group(1);
                frames.remove(0);
            }
            stacks.add(new Stack(thread, List.copyOf(frames), samples));
        }
        return new CollapsedStacks(List.copyOf(stacks));
    }

    public long samples() {
        return stacks.stream().mapToLong(Stack::samples).sum();
    }

    public CollapsedStacks filter(Predicate<Stack> keep) {
        return new CollapsedStacks(stacks.stream().filter(keep).toList());
    }

    public CollapsedStacks inGroup(ThreadGroup group) {
        return filter(stack -> stack.group() == group);
    }

    /**
     * The same stacks without their leaf frame: in an allocation profile the leaf is the allocated class ({@code byte[]_[i]}),
     * so what remains ranks the methods that allocated.
     */
    public CollapsedStacks withoutLeaves() {
        return new CollapsedStacks(stacks.stream()
            .map(stack -> new Stack(stack.thread(), stack.frames().subList(0, Math.max(0, stack.frames().size() - 1)), stack.samples()))
            .toList());
    }

    /** Collapsed lines whose root frame is {@code rootOf(stack)}, or no root when it returns null. */
    public List<String> toLines(java.util.function.Function<Stack, String> rootOf) {
        List<String> lines = new ArrayList<>(stacks.size());
        for (Stack stack : stacks) {
            String root = rootOf.apply(stack);
            String frames = String.join(";", stack.frames());
            lines.add((root == null ? frames : frames.isEmpty() ? root : root + ";" + frames) + " " + stack.samples());
        }
        return lines;
    }

    /**
     * A frame without the converter's type suffix, so a method counts once however it was compiled, and
     * without a lambda's generated number, so the same lambda has one name in every run (the lambdas of
     * one class then share it).
     */
    public static String method(String frame) {
        String method = FRAME_SUFFIX.matcher(frame).replaceFirst("");
        return method.contains("$$Lambda") ? LAMBDA_ID.matcher(method).replaceAll("\\$\\$Lambda") : method;
    }
}
