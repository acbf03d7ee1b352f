package mailbench.gatling

import io.gatling.core.Predef._
import io.gatling.commons.stats.assertion.Assertion
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

import mailbench.run.BenchConfig

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
    Seq(details(name).responseTime.percentile(99.0).lte(config.p99Ms.round.toInt),
      details(name).successfulRequests.percent.gte(config.successPercent))
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
 * The same searches sent straight to OpenSearch's _search, with the query the facade builds
 * (mailbench.facade.opensearch.MailStore#searchRequest): the difference is the facade's cost.
 */
object DirectRequests extends MailRequests {
  import MailRequests._

  private val Index = "mail"
  // the default projection: doc values only, no stored field (see DocValueHits)
  private val Tail = """"sort":[{"receivedAt":{"order":"desc"}}],"stored_fields":["_none_"],""" +
    """"docvalue_fields":[{"field":"messageId"},{"field":"subject.raw"},{"field":"from"},{"field":"receivedAt"}],"from":0,"size":20}"""
  private val Mailbox = """{"term":{"mailboxId":{"value":"#{mailboxId}"}}}"""
  private val directHits = substring("\"total\":{\"value\":0,").notExists

  private def search(name: String, bool: String) =
    http(name).post(s"/$Index/_search").header("content-type", "application/json")
      .body(StringBody(s"""{"query":{"bool":$bool},$Tail"""))
      .check(statusOk, directHits)

  override def searchByText(name: String): HttpRequestBuilder = search(name,
    s"""{"filter":[$Mailbox],"must":[{"multi_match":{"query":"#{term}","fields":["subject^2","body"],"operator":"and"}}]}""")
  override def searchBySender(name: String): HttpRequestBuilder = search(name,
    s"""{"filter":[$Mailbox,{"term":{"from":{"value":"#{from}"}}}]}""")
  override def searchByDateRange(name: String): HttpRequestBuilder = search(name,
    s"""{"filter":[$Mailbox,{"range":{"receivedAt":{"gte":"#{after}","lt":"#{before}"}}}]}""")
  override def getById(name: String): HttpRequestBuilder =
    http(name).get(s"/$Index/_doc/#{mailboxId}:#{messageId}").check(statusOk)
}
