package mailbench.gatling

import io.gatling.core.Predef._

import mailbench.run.SimulationNeeds
import mailbench.settings.{ BenchConfig, RequestPath }
import mailbench.summary.SimulationLog

/**
 * The default load: mail searches and gets at a constant rate (-Dmailbench.rate, 1,000 req/s)
 * after a warm-up ramp whose requests carry their own names and are not measured.
 * Without -Dmailbench.target it starts the local stack and stops it afterwards.
 */
class SearchSimulation extends MailbenchSimulation("SearchSimulation", SimulationNeeds.SEARCH) {
  private val feeders = new MailFeeders(run.feeders)
  private val requests = if (config.load.path == RequestPath.DIRECT) new DirectRequests(config.target.index) else FacadeRequests
  private val rate = config.load.rate.toDouble

  private val measured = SearchScenario.build("Measured", "", requests, feeders, config.load.mix)
    .inject(MeasuredPhase.steps(config, rate))
  private val warmUp = WarmUpShape.steps(rate, config.load.warmupSeconds) match {
    case Nil   => Nil
    case steps => List(SearchScenario.build("Warm-up", SimulationLog.WARM_UP_PREFIX, requests, feeders, config.load.mix).inject(steps))
  }

  setUp(warmUp :+ measured)
    .protocols(protocol)
    .assertions(MailRequests.gates(config, MailRequests.All: _*))
}
