package mailbench.nightly;

import java.io.IOException;

/**
 * Makes one pair of runs, one of each side, the way a design makes them: one after the other ({@link InterleavedRunner})
 * or at once against one node ({@link DuetRunner}). A run that cannot run is a ToolError naming its log.
 */
interface TrialRunner {

    /** What the design is called in the night's record and its lines. */
    String design();

    Trial run(int index, boolean baseFirst) throws InterruptedException, IOException;

    /** Stops the runs in progress (Ctrl-C, SIGTERM); each run's own hooks end its JVMs and label it interrupted. */
    void stop();
}
