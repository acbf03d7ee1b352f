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
  // a freshly started node, facade and Gatling JIT-compile under load for minutes on 2 cores; at the
  // full rate the compilers and the load starve each other (profiled: 25% of the node in C2 at minute
  // 3), so the warm-up holds 60% of the rate for a third, leaving CPU for the compilers, then climbs:
  // ramp 10%->60% (1/3), hold 60% (1/3), ramp 60%->100% (1/6), hold 100% (1/6)
  private val w = config.warmupSeconds
  private val warmUpPhases = List(
    (w / 3, math.max(1.0, rate / 10), rate * 0.6),
    (w / 3, rate * 0.6, rate * 0.6),
    (w / 6, rate * 0.6, rate),
    (w - w / 3 - w / 3 - w / 6, rate, rate))
  private val warmUpSteps = warmUpPhases.filter(_._1 > 0).map { case (seconds, from, to) =>
    if (from == to) constantUsersPerSec(to).during(seconds.seconds) else rampUsersPerSec(from).to(to).during(seconds.seconds)
  }
  private val warmUp = warmUpSteps match {
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
