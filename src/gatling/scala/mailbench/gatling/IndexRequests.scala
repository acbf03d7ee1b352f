package mailbench.gatling

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

import mailbench.facade.opensearch.MailDocument

/** The indexing requests: a bulk of NDJSON documents, and one message; one implementation per path. */
trait IndexRequests {
  /** Sends the session's bulk body; saves how many of its items were refused (per-item results). */
  def bulk(name: String): HttpRequestBuilder
  /** PUTs the session's message. */
  def indexOne(name: String): HttpRequestBuilder
}

object IndexRequests {
  val IndexOne = "Index one message"
  val BulkBody = "bulkBody"
  val Refused = "bulkRefused"
  val MessageBody = "messageBody"

  private[gatling] def bytes(key: String) = ByteArrayBody(session => session(key).validate[Array[Byte]])
  private[gatling] val ndjson = "application/x-ndjson"
}

/** Through the facade: POST /messages/_bulk, PUT /mailboxes/{m}/messages/{id}. */
object FacadeIndexRequests extends IndexRequests {
  import IndexRequests._

  override def bulk(name: String): HttpRequestBuilder =
    http(name).post("/messages/_bulk").header("content-type", ndjson).body(bytes(BulkBody))
      .check(status.is(200), jmesPath("failed").ofType[Int].saveAs(Refused))

  override def indexOne(name: String): HttpRequestBuilder =
    http(name).put("/mailboxes/#{mailboxId}/messages/#{messageId}").header("content-type", "application/json")
      .body(bytes(MessageBody)).check(status.is(201))
}

/** Straight to OpenSearch: its own _bulk and _doc into {@code Index}, with the ids the facade gives a message. */
class DirectIndexRequests(Index: String) extends IndexRequests {
  import IndexRequests._

  override def bulk(name: String): HttpRequestBuilder =
    http(name).post(s"/$Index/_bulk").header("content-type", ndjson).body(bytes(BulkBody))
      .check(status.is(200), jmesPath("length(items[?index.error])").ofType[Int].saveAs(Refused))

  override def indexOne(name: String): HttpRequestBuilder =
    http(name).put(s"/$Index/_doc/${MailDocument.documentId("#{mailboxId}", "#{messageId}")}").header("content-type", "application/json")
      .body(bytes(MessageBody)).check(status.in(200, 201))
}
