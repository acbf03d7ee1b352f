package mailbench.gatling

import java.util.concurrent.atomic.AtomicReference

import io.gatling.core.Predef._

import mailbench.facadeclient.FacadeStats
import mailbench.largesource.{ LargeSourceReport, LargeSourceWorkload }
import mailbench.run.SimulationNeeds
import mailbench.settings.BenchConfig
import mailbench.summary.SimulationLog

/**
 * The large-_source workload (the 2018 _source size study): a few searches in flight (-Dmailbench.large.concurrency)
 * list a mailbox of messages that carry megabytes of attachment text, -Dmailbench.large.hits whole
 * hits per page. Compare the variants default, source-projection and source-full. Writes
 * large-source.json and large-source.html into the run folder.
 * Run it with -Dmailbench.simulation=mailbench.gatling.LargeSourceSimulation.
 */
class LargeSourceSimulation private (knobs: BenchConfig, workload: LargeSourceWorkload)
    extends MailbenchSimulation("LargeSourceSimulation", SimulationNeeds.LARGE_SOURCE, knobs) {
  // checked before anything starts (the run's open): the page size against the corpus, the path
  private def this(knobs: BenchConfig) = this(knobs, LargeSourceWorkload.check(knobs))
  def this() = this(MailbenchSimulation.knobs(SimulationNeeds.LARGE_SOURCE))

  private val feeder = LargeSourceScenario.offsets(workload)
  private val users = config.workloads.large.concurrency
  // the counters when the measured searches start: all warm-up users are done by then (andThen)
  private val measuredStart = new AtomicReference[FacadeStats.Reading]()
  private def markStart(): Unit = if (measuredStart.get == null) measuredStart.compareAndSet(null, FacadeStats.read(run.endpoints.facadeUrl, run.endpoints.facadeAccess))

  private val measured = LargeSourceScenario.build("Measured", LargeSourceScenario.ListLargeMessages, config.load.durationSeconds, workload,
    feeder, () => markStart()).inject(atOnceUsers(users))
  private val load = if (config.load.warmupSeconds == 0) measured else
    LargeSourceScenario.build("Warm-up", SimulationLog.WARM_UP_PREFIX + LargeSourceScenario.ListLargeMessages, config.load.warmupSeconds,
      workload, feeder, () => ()).inject(atOnceUsers(users)).andThen(measured)

  setUp(load)
    .protocols(protocol)
    .assertions(MailRequests.gates(config, LargeSourceScenario.ListLargeMessages))

  override protected def afterLoad(): Unit = {
    val end = FacadeStats.read(run.endpoints.facadeUrl, run.endpoints.facadeAccess)
    run.finish()
    LargeSourceReport.afterRun(run.about, config.load.corpus, workload, users, measuredStart.get, end, run.folder, line => run.event(line))
  }
}
