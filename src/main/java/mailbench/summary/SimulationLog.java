package mailbench.summary;

import java.io.IOException;
import java.nio.file.Path;

/** Reads Gatling's binary simulation.log (implemented on the Gatling side, where its decoder lives). */
@FunctionalInterface
public interface SimulationLog {

    /** What a simulation puts before a warm-up request's name: such requests are kept out of the measured phase. */
    String WARM_UP_PREFIX = "Warm-up: ";

    /** Feeds every request record to the sink; returns false when the log ends early (interrupted run). */
    boolean read(Path logFile, RequestRecordSink sink) throws IOException;
}
