package mailbench.run;

import java.io.IOException;
import java.nio.file.Path;

/** Reads Gatling's binary simulation.log (implemented on the Gatling side, where its decoder lives). */
@FunctionalInterface
public interface SimulationLog {

    /** Feeds every request record to the sink; returns false when the log ends early (interrupted run). */
    boolean read(Path logFile, RequestRecordSink sink) throws IOException;
}
