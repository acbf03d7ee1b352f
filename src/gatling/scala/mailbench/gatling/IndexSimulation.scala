package mailbench.gatling

import io.gatling.core.Predef._

import mailbench.indexing.MessageFeed
import mailbench.run.SimulationNeeds
import mailbench.settings.{ BenchConfig, RequestPath }
import mailbench.summary.SimulationLog

/**
 * Single-document indexing at a constant rate (-Dmailbench.rate): every virtual user PUTs one new
 * message, after the same warm-up shape as SearchSimulation, measured and profiled the same way.
 * Run it with -Dmailbench.simulation=mailbench.gatling.IndexSimulation.
 */
class IndexSimulation extends MailbenchSimulation("IndexSimulation", SimulationNeeds.INDEXING) {
  private val requests = if (config.load.path == RequestPath.DIRECT) new DirectIndexRequests(config.target.index) else FacadeIndexRequests
  private val rate = config.load.rate.toDouble
  private val messages = new MessageFeed(config.load.corpus)
  private val feeder = Iterator.continually {
    val message = messages.next()
    Map("mailboxId" -> message.mailboxId, "messageId" -> message.messageId, IndexRequests.MessageBody -> message.json)
  }

  private def indexing(scenarioName: String, requestPrefix: String) =
    scenario(scenarioName).feed(feeder).exec(requests.indexOne(requestPrefix + IndexRequests.IndexOne))

  private val measured = indexing("Measured", "")
    .inject(MeasuredPhase.steps(config, rate))
  private val warmUp = WarmUpShape.steps(rate, config.load.warmupSeconds) match {
    case Nil   => Nil
    case steps => List(indexing("Warm-up", SimulationLog.WARM_UP_PREFIX).inject(steps))
  }

  setUp(warmUp :+ measured)
    .protocols(protocol)
    .assertions(MailRequests.gates(config, IndexRequests.IndexOne))
}
