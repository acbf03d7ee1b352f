package mailbench.meters;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import mailbench.facadeclient.FacadeStats;
import mailbench.runfolder.FacadeSection;

/**
 * The facade's allocation and GC over the measured phase: its counters read when the warm-up's time is up (the
 * measured injection starts then) and again once the load has ended, when every measured request has its answer.
 */
final class FacadeMemoryWindow {

    static final String NOT_REPORTED = "the facade does not report allocation and GC in " + FacadeStats.STATS_PATH
        + " (not a mailbench facade, or an older one)";

    private final Supplier<FacadeStats.Memory> reader;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "facade-memory");
        thread.setDaemon(true);
        return thread;
    });
    private FacadeStats.Memory atStart;
    private boolean started;
    private FacadeStats.Memory atEnd;
    private boolean stopped;

    private FacadeMemoryWindow(Supplier<FacadeStats.Memory> reader) {
        this.reader = reader;
    }

    /** Takes the first reading {@code delayMillis} from now (0: at once), on a thread of its own. */
    static FacadeMemoryWindow start(Supplier<FacadeStats.Memory> reader, long delayMillis) {
        FacadeMemoryWindow window = new FacadeMemoryWindow(reader);
        window.timer.schedule(window::readStart, delayMillis, TimeUnit.MILLISECONDS);
        return window;
    }

    private void readStart() {
        FacadeStats.Memory reading = reader.get();
        synchronized (this) {
            if (!stopped) {
                atStart = reading;
                started = true;
            }
        }
    }

    /** Whether the reading at the measured phase's start was taken. */
    synchronized boolean started() {
        return started;
    }

    /** Takes the second reading (once); a first reading still to come is dropped. */
    synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        timer.shutdownNow();
        if (started && atStart != null) {
            atEnd = reader.get();
        }
    }

    /** The section for summary.json, {@code requests} being the measured requests. */
    synchronized FacadeSection section(long requests) {
        stop();
        if (!started) {
            return FacadeSection.none("the run ended before the measured phase started");
        }
        if (atStart == null || atEnd == null) {
            return FacadeSection.none(atStart == null ? NOT_REPORTED : "the facade did not answer its stats after the load");
        }
        return FacadeSection.of(atStart, atEnd, requests);
    }
}
