package mailbench.gatling

import io.gatling.charts.stats.MailbenchLogReader
import io.gatling.commons.util.GatlingVersion
import io.gatling.core.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

import mailbench.results.RunResultsKnob
import mailbench.run.{ BenchConfig, BenchRun, Knobs, SimulationNeeds }

/**
 * What every simulation shares: its run (run folder, local stack or target), the HTTP protocol, and the before/after hooks
 * around the load. A simulation adds its scenario, injection and assertions; one with a report of its own overrides
 * [[afterLoad]].
 */
abstract class MailbenchSimulation(name: String, needs: SimulationNeeds) extends Simulation {
  // read before the run opens, so a bad URL stops it before anything starts
  private val results = RunResultsKnob.of(Knobs.RESULTS_URL, BenchConfig.fromSystemProperties(needs.knobDefaults).opensearchAccess)
  protected val run: BenchRun = BenchRun.open(name, GatlingVersion.ThisVersion.fullVersion, MailbenchLogReader, needs)
  // the run's document into the results index once it finished (never when interrupted); a failure is a warning
  run.whenFinished(() => results.send(run.folder, line => println(s"[mailbench] $line")))
  protected val config: BenchConfig = run.config
  protected val protocol: HttpProtocolBuilder = MailProtocol.of(run)

  before {
    run.loadStarting()
  }

  after {
    afterLoad()
  }

  /** Gatling has closed simulation.log: summarizes the run and stops the stack; a report that needs the stack reads it first. */
  protected def afterLoad(): Unit = run.finish()
}
