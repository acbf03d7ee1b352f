package mailbench.gatling

import io.gatling.core.Predef._
import io.gatling.commons.stats.assertion.Assertion
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

import scala.jdk.CollectionConverters._

import mailbench.facade.SearchParams
import mailbench.facade.opensearch.{ClientOptions, MailDocument, SearchRequests}
import mailbench.settings.BenchConfig

/** The four requests of the search mix; one implementation per path (through the facade, or straight to OpenSearch). */
trait MailRequests {
  def searchByText(name: String): HttpRequestBuilder
  def searchBySender(name: String): HttpRequestBuilder
  def searchByDateRange(name: String): HttpRequestBuilder
  def getById(name: String): HttpRequestBuilder
}

object MailRequests {
  val SearchByText = "Search by text"
  val SearchBySender = "Search by sender"
  val SearchByDateRange = "Search by date range"
  val GetById = "Get message by id"
  val All: Seq[String] = Seq(SearchByText, SearchBySender, SearchByDateRange, GetById)

  val statusOk = status.is(200)

  /** The run's gates on each measured request name: p99 (-Dmailbench.assert.p99Ms) and success % (-Dmailbench.assert.successPercent). */
  def gates(config: BenchConfig, names: String*): Seq[Assertion] = names.flatMap { name =>
    Seq(details(name).responseTime.percentile(99.0).lte(config.pass.p99Ms.round.toInt),
      details(name).successfulRequests.percent.gte(config.pass.successPercent))
  }
  // feeders only hold values that hit the corpus: an empty page means the corpus and feeders disagree
  val someHits = substring("\"total\":0,").notExists
}

/** Requests to the facade's HTTP API. */
object FacadeRequests extends MailRequests {
  import MailRequests._

  private def search(name: String) = http(name).get("/mailboxes/#{mailboxId}/search").check(statusOk, someHits)

  override def searchByText(name: String): HttpRequestBuilder = search(name).queryParam("text", "#{term}")
  override def searchBySender(name: String): HttpRequestBuilder = search(name).queryParam("from", "#{from}")
  override def searchByDateRange(name: String): HttpRequestBuilder =
    search(name).queryParam("after", "#{after}").queryParam("before", "#{before}")
  override def getById(name: String): HttpRequestBuilder =
    http(name).get("/mailboxes/#{mailboxId}/messages/#{messageId}").check(statusOk)
}

/**
 * The same searches sent straight to OpenSearch's _search, with the body the facade sends
 * (DirectSearchBodies): the difference is the facade's cost.
 */
class DirectRequests(Index: String) extends MailRequests {
  import MailRequests._

  private val directHits = substring("\"total\":{\"value\":0,").notExists

  private def search(name: String, body: String) =
    http(name).post(s"/$Index/_search").header("content-type", "application/json")
      .body(StringBody(body))
      .check(statusOk, directHits)

  override def searchByText(name: String): HttpRequestBuilder = search(name, DirectSearchBodies.Text)
  override def searchBySender(name: String): HttpRequestBuilder = search(name, DirectSearchBodies.Sender)
  override def searchByDateRange(name: String): HttpRequestBuilder = search(name, DirectSearchBodies.DateRange)
  override def getById(name: String): HttpRequestBuilder =
    http(name).get(s"/$Index/_doc/${MailDocument.documentId("#{mailboxId}", "#{messageId}")}").check(statusOk)
}

/**
 * The direct path's search bodies, built once at start: the facade's own body (SearchRequests.body, the default
 * projection) for the facade request a feeder row makes, with marker values that are then swapped for the Gatling
 * EL of the row's columns. DirectSearchBodiesTest checks them against the facade's body for every feeder row.
 */
object DirectSearchBodies {
  private val Mailbox = "marker-mailbox"

  /** By text: the search-text feeder's mailboxId and term. */
  val Text: String = body(Map("text" -> "markerterm"), Map("markerterm" -> "term"))
  /** By sender: the search-from feeder's mailboxId and from. */
  val Sender: String = body(Map("from" -> "marker@from.invalid"), Map("marker@from.invalid" -> "from"))
  /** By date range: the date-range feeder's mailboxId, after and before. */
  val DateRange: String = body(Map("after" -> "1001-01-01T00:00:00Z", "before" -> "1002-02-02T00:00:00Z"),
    Map("1001-01-01T00:00:00Z" -> "after", "1002-02-02T00:00:00Z" -> "before"))

  private def body(params: Map[String, String], columns: Map[String, String]): String = {
    val query = SearchParams.parse(Mailbox, params.map { case (name, value) => name -> java.util.List.of(value) }.asJava)
    val json = SearchRequests.body(query, ClientOptions.DEFAULT.projection)
    (columns + (Mailbox -> "mailboxId")).foldLeft(json) { case (template, (marker, column)) =>
      val quoted = "\"" + marker + "\""
      require(json.split(java.util.regex.Pattern.quote(quoted), -1).length == 2, s"the facade's body holds $quoted once: $json")
      template.replace(quoted, "\"#{" + column + "}\"")
    }
  }
}
