package mailbench.gatling

import io.gatling.charts.stats.MailbenchLogReader
import io.gatling.commons.util.GatlingVersion
import io.gatling.core.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

import mailbench.knobs.Knobs
import mailbench.results.RunResultsKnob
import mailbench.run.{ BenchRun, SimulationNeeds }
import mailbench.settings.BenchConfig

/**
 * What every simulation shares: its run (run folder, local stack or target), the HTTP protocol, and the before/after hooks
 * around the load. A simulation adds its scenario, injection and assertions; one with a report of its own overrides
 * [[afterLoad]].
 */
abstract class MailbenchSimulation(name: String, needs: SimulationNeeds, protected val config: BenchConfig) extends Simulation {
  // the knobs, read once here (or by a subclass that checks them before it starts, and hands them on); a bad one (the
  // results URL too) stops the run before anything starts
  def this(name: String, needs: SimulationNeeds) = this(name, needs, MailbenchSimulation.knobs(needs))

  private val results = RunResultsKnob.of(config.output.resultsUrl, Knobs.RESULTS_URL.name, config.target.opensearchAccess)
  protected val run: BenchRun = BenchRun.open(name, GatlingVersion.ThisVersion.fullVersion, MailbenchLogReader, needs, config)
  // the run's document into the results index once it finished (never when interrupted); a failure is a warning
  run.whenFinished(() => results.send(run.folder, line => println(s"[mailbench] $line")))
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

object MailbenchSimulation {
  /** The one reading of a run's -Dmailbench.* knobs. */
  def knobs(needs: SimulationNeeds): BenchConfig = BenchConfig.fromSystemProperties(needs.knobDefaults)
}
