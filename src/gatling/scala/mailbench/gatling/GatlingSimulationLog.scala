package mailbench.gatling

import java.nio.file.Path

import io.gatling.charts.stats.MailbenchLogReader

import mailbench.run.{ RequestRecordSink, SimulationLog }

/** mailbench's view of Gatling's simulation.log: request records, streamed. */
object GatlingSimulationLog extends SimulationLog {
  override def read(logFile: Path, sink: RequestRecordSink): Boolean =
    MailbenchLogReader.read(logFile.toFile, sink)
}
