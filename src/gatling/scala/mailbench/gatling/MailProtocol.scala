package mailbench.gatling

import scala.jdk.CollectionConverters._

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

import mailbench.run.BenchRun

/**
 * The HTTP protocol every simulation uses: the run's target(s), shared connections, and the direct path's credentials or the
 * facade's token if any.
 */
object MailProtocol {

  def of(run: BenchRun): HttpProtocolBuilder = {
    // several OpenSearch hosts on the direct path: Gatling gives each virtual user one of them in turn
    val protocol = http.baseUrls(run.endpoints.baseUrls.asScala.toSeq: _*).shareConnections.disableWarmUp.acceptHeader("application/json")
    // the direct path's basic auth, or the facade's token; a function, not a string: Gatling would read "#{" in a secret
    // as its expression language
    Option(run.endpoints.directAuthorization).orElse(Option(run.endpoints.facadeAuthorization)).map(header => (_: Session) => header.success)
      .fold(protocol)(header => protocol.authorizationHeader(header))
  }
}
