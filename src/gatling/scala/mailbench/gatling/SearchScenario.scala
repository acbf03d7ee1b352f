package mailbench.gatling

import io.gatling.core.Predef._
import io.gatling.core.structure.ScenarioBuilder

import mailbench.settings.LoadSettings

/** The mail-search mix: each virtual user sends one request (open model), chosen by the mix percentages. */
object SearchScenario {
  def build(scenarioName: String, requestPrefix: String, requests: MailRequests, feeders: MailFeeders, mix: LoadSettings.Mix): ScenarioBuilder = {
    import MailRequests._
    val choices = Seq(
      mix.text.toDouble -> exec(feed(feeders.searchText), requests.searchByText(requestPrefix + SearchByText)),
      mix.from.toDouble -> exec(feed(feeders.searchFrom), requests.searchBySender(requestPrefix + SearchBySender)),
      mix.range.toDouble -> exec(feed(feeders.dateRange), requests.searchByDateRange(requestPrefix + SearchByDateRange)),
      mix.get.toDouble -> exec(feed(feeders.messages), requests.getById(requestPrefix + GetById))
    ).filter(_._1 > 0)
    scenario(scenarioName).randomSwitch(choices: _*)
  }
}
