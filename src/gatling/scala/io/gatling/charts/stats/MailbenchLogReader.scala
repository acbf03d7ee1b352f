package io.gatling.charts.stats

import java.io.{ EOFException, File }
import java.nio.file.Path

import io.gatling.core.stats.writer.RecordHeader

import mailbench.summary.{ RequestRecordSink, SimulationLog }

/**
 * Streams the request records of a Gatling 3.15 simulation.log to a sink, raw: name, start,
 * end, status. It sits in Gatling's package to reuse Gatling's own (package-private) decoder of
 * the binary log — same jar, same version, so the format cannot drift under it. Gatling's
 * public reader only gives whole-run aggregates (warm-up included, throughput over the whole
 * run), which is why mailbench does not use it for summary.json. The one file a Gatling upgrade touches.
 */
object MailbenchLogReader extends SimulationLog {

  /** Returns false when the log ends early (an interrupted run); the records read so far were delivered. */
  override def read(logFile: Path, sink: RequestRecordSink): Boolean = {
    val parser = new MailbenchLogParser(logFile.toFile, sink)
    try parser.parse()
    finally parser.close()
  }
}

private final class MailbenchLogParser(logFile: File, sink: RequestRecordSink) extends LogFileParser[Boolean](logFile) {


  override def parse(): Boolean = {
    if (readByte() != RecordHeader.Run.value) {
      throw new IllegalStateException(s"$logFile does not start with a Gatling run record")
    }
    readString() // Gatling version: the decoder below is the one of the Gatling that wrote it
    readString() // simulation class
    val runStart = readLong()
    readString() // run description
    val scenarios = readInt()
    (0 until scenarios).foreach(_ => readSanitizedString())
    val assertions = readInt()
    (0 until assertions).foreach(_ => skip(readInt()))

    try {
      var more = true
      while (more) {
        read().toByte match {
          case RecordHeader.Request.value => request(runStart)
          case RecordHeader.User.value =>
            skipInt(); readBoolean(); skipInt()
          case RecordHeader.Group.value =>
            val groups = readInt()
            (0 until groups).foreach(_ => readCachedSanitizedString())
            skipInt(); skipInt(); skipInt(); readBoolean()
          case RecordHeader.Error.value =>
            readCachedSanitizedString(); skipInt()
          case -1     => more = false
          case header => throw new IllegalStateException(s"unknown record header $header in $logFile")
        }
      }
      true
    } catch {
      case _: EOFException => false
    }
  }

  private def request(runStart: Long): Unit = {
    val groups = readInt()
    (0 until groups).foreach(_ => readCachedSanitizedString())
    val name = readCachedSanitizedString()
    val start = readInt() + runStart
    val end = readInt() + runStart
    val ok = readBoolean()
    val error = readCachedSanitizedString()
    sink.accept(name, start, end, ok, error)
  }
}
