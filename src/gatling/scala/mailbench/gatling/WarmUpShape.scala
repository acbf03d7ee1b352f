package mailbench.gatling

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.controller.inject.open.OpenInjectionStep

/**
 * The warm-up of an open-model load at a rate. A freshly started node, facade and Gatling
 * JIT-compile under load for minutes on 2 cores; at the full rate the compilers and the load
 * starve each other (profiled: 25% of the node in C2 at minute 3), so the warm-up holds 60% of
 * the rate for a third, leaving CPU for the compilers, then climbs: ramp 10%->60% (1/3),
 * hold 60% (1/3), ramp 60%->100% (1/6), hold 100% (1/6).
 */
object WarmUpShape {
  def steps(rate: Double, warmupSeconds: Int): List[OpenInjectionStep] = {
    val w = warmupSeconds
    val phases = List(
      (w / 3, math.max(1.0, rate / 10), rate * 0.6),
      (w / 3, rate * 0.6, rate * 0.6),
      (w / 6, rate * 0.6, rate),
      (w - w / 3 - w / 3 - w / 6, rate, rate))
    phases.filter(_._1 > 0).map { case (seconds, from, to) =>
      if (from == to) constantUsersPerSec(to).during(seconds.seconds) else rampUsersPerSec(from).to(to).during(seconds.seconds)
    }
  }
}
