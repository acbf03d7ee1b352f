package mailbench.gatling

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import io.gatling.commons.util.GatlingVersion
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._

import mailbench.run.{ BenchConfig, BenchRun }

/**
 * The default load: mail searches and gets at a constant rate (-Dmailbench.rate, 1,000 req/s)
 * after a warm-up ramp whose requests carry their own names and are not measured.
 * Without -Dmailbench.target it starts the local stack and stops it afterwards.
 */
class SearchSimulation extends Simulation {
  private val run = BenchRun.open("SearchSimulation", GatlingVersion.ThisVersion.fullVersion, GatlingSimulationLog)
  private val config = run.config
  private val feeders = new MailFeeders(run.feeders)
  private val requests = if (config.path == "direct") DirectRequests else FacadeRequests
  private val rate = config.rate.toDouble

  private val measured = SearchScenario.build("Measured", "", requests, feeders, config.mix)
    .inject(nothingFor(config.warmupSeconds.seconds), constantUsersPerSec(rate).during(config.durationSeconds.seconds))
  private val warmUp = WarmUpShape.steps(rate, config.warmupSeconds) match {
    case Nil   => Nil
    case steps => List(SearchScenario.build("Warm-up", BenchConfig.WARM_UP_PREFIX, requests, feeders, config.mix).inject(steps))
  }

  // several OpenSearch hosts on the direct path: Gatling gives each virtual user one of them in turn
  private val protocol = http.baseUrls(run.baseUrls.asScala.toSeq: _*).shareConnections.disableWarmUp.acceptHeader("application/json")
  // a function, not a string: Gatling would read "#{" in a password as its expression language
  private val authorization = Option(run.directAuthorization).map(header => (_: Session) => header.success)

  setUp(warmUp :+ measured)
    .protocols(authorization.fold(protocol)(header => protocol.authorizationHeader(header)))
    .assertions(MailRequests.All.flatMap { name =>
      Seq(details(name).responseTime.percentile(99.0).lte(config.p99Ms.round.toInt),
        details(name).successfulRequests.percent.gte(config.successPercent))
    })

  before {
    run.loadStarting()
  }

  after {
    run.finish()
  }
}
