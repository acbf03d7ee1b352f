package mailbench.gatling

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep

import mailbench.settings.{ Arrivals, BenchConfig }

/**
 * The measured phase of an open-model load: nothing during the warm-up, then the rate for the run's duration, evenly
 * spaced or at random gaps (-Dmailbench.arrivals: a duet's two sides sending evenly from one agreed second send on the
 * same ticks, and the one behind reads cheaper).
 */
object MeasuredPhase {
  def steps(config: BenchConfig, rate: Double): List[OpenInjectionStep] = {
    val constant = constantUsersPerSec(rate).during(config.load.durationSeconds.seconds)
    List(nothingFor(config.load.warmupSeconds.seconds), if (config.load.arrivals == Arrivals.RANDOM) constant.randomized else constant)
  }
}
