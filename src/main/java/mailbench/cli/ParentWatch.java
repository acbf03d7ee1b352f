package mailbench.cli;

/** Ends this JVM when the process that started it is gone, so a killed run leaves no JVM behind. */
final class ParentWatch {

    private ParentWatch() {
    }

    static void exitWhenGone(Long parentPid) {
        if (parentPid == null) {
            return;
        }
        ProcessHandle.of(parentPid).ifPresentOrElse(
            parent -> parent.onExit().thenRun(() -> {
                System.err.println("parent process " + parentPid + " is gone: stopping");
                System.exit(0);
            }),
            () -> System.exit(0));
    }
}
