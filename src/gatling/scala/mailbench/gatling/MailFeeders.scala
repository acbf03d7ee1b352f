package mailbench.gatling

import java.nio.file.Path

import io.gatling.core.Predef._
import io.gatling.core.feeder.FeederBuilderBase

/** The feeder files of a corpus (see mailbench.corpus.FeederWriter): every row hits the corpus. */
final class MailFeeders(dir: Path) {
  private def file(name: String): FeederBuilderBase[String] = csv(dir.resolve(name).toString).random

  val messages: FeederBuilderBase[String] = file("messages.csv")
  val searchText: FeederBuilderBase[String] = file("search-text.csv")
  val searchFrom: FeederBuilderBase[String] = file("search-from.csv")
  val dateRange: FeederBuilderBase[String] = file("date-range.csv")
}
