package mailbench.gatling

import scala.concurrent.duration._

import io.gatling.core.Predef._
import io.gatling.core.structure.ScenarioBuilder
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

import mailbench.largesource.LargeSourceWorkload

/**
 * Listing a mailbox of multi-MB messages, a page of whole hits at a time: each virtual user sends
 * its next search when the last one is answered (closed model), for a fixed time.
 */
object LargeSourceScenario {
  val ListLargeMessages = "List messages with large attachments"

  def listing(name: String, workload: LargeSourceWorkload): HttpRequestBuilder =
    http(name).get(s"/mailboxes/${workload.mailboxId}/search")
      .queryParam("limit", workload.hits.toString).queryParam("offset", "#{offset}")
      // every page is full: fewer hits would measure smaller answers than the run says
      .check(MailRequests.statusOk, jmesPath("length(hits)").ofType[Int].is(workload.hits))

  /** Offsets 0 to the last full page, in turn: every message is fetched as often as its neighbours. */
  def offsets(workload: LargeSourceWorkload): Iterator[Map[String, Any]] =
    Iterator.continually(0 to workload.maxOffset).flatten.map(offset => Map("offset" -> offset))

  def build(scenarioName: String, requestName: String, seconds: Int, workload: LargeSourceWorkload,
            feeder: Iterator[Map[String, Any]], start: () => Unit): ScenarioBuilder =
    scenario(scenarioName)
      .exec { session => start(); session }
      .during(seconds.seconds) {
        feed(feeder).exec(listing(requestName, workload))
      }
}
