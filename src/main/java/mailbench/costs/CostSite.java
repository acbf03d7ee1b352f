package mailbench.costs;

import java.util.List;

import mailbench.profiler.CollapsedStacks;

/**
 * Where one sample's cost is charged: the deepest frame, from the leaf up, that is the facade's or the client's, with
 * its source line when the stacks carry lines. It is the line whose call caused the cost (a {@code ByteBuffer.allocate}
 * under it, a syscall, Jackson's parsing), so it is the line to change. Stacks with no such frame are the runtime's:
 * charged to their deepest Java frame (Netty, Vert.x, the JDK), or to their leaf when they have none (GC, JIT, the
 * kernel).
 */
public record CostSite(String frame, CostPart part) {

    public static CostSite of(CollapsedStacks.Stack stack) {
        List<String> frames = stack.frames();
        for (int i = frames.size() - 1; i >= 0; i--) {
            CostPart part = CostPart.ofFrame(frames.get(i));
            if (part != null) {
                return new CostSite(CollapsedStacks.method(frames.get(i)), part);
            }
        }
        for (int i = frames.size() - 1; i >= 0; i--) {
            // a Java frame is a class name in slashes; native and kernel frames, and an allocation's type (dotted), are not
            if (frames.get(i).contains("/")) {
                return new CostSite(CollapsedStacks.method(frames.get(i)), CostPart.RUNTIME);
            }
        }
        String leaf = frames.isEmpty() ? "[" + stack.group().key() + "]" : CollapsedStacks.method(frames.get(frames.size() - 1));
        return new CostSite(leaf, CostPart.RUNTIME);
    }
}
