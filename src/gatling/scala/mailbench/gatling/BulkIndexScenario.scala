package mailbench.gatling

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.structure.ScenarioBuilder

import mailbench.indexing.{ BulkMatrix, BulkMatrixRun }

/**
 * One cell of the bulk matrix: its users (one per bulk in flight) take the cell's next bulk
 * until all its documents are sent, and report each answer's refused items to the cell.
 */
object BulkIndexScenario {
  private val Bulk = "bulk"

  def build(requestName: String, cell: BulkMatrix.Cell, matrix: BulkMatrixRun, requests: IndexRequests): ScenarioBuilder = {
    val progress = matrix.progress(cell)
    val claim = exec { session =>
      val bulk = progress.claim()
      if (bulk < 0) session.set(Bulk, -1)
      else session.set(Bulk, bulk).set(IndexRequests.BulkBody, matrix.body(cell, bulk)).remove(IndexRequests.Refused)
    }
    val account = exec { session =>
      val items = progress.items(session(Bulk).as[Int])
      session(IndexRequests.Refused).asOption[Int] match {
        case Some(refused) => progress.answered(items, refused)
        case None          => progress.unanswered(items)
      }
      session.remove(IndexRequests.BulkBody)
    }
    scenario(requestName).exec(claim).asLongAs(session => (session(Bulk).as[Int] >= 0).success) {
      exec(requests.bulk(requestName)).exec(account).exec(claim)
    }
  }

  /** Between two cells, one user: counts the index after the cell before, then gives the next one a fresh index. */
  def between(name: String, matrix: BulkMatrixRun, done: Option[BulkMatrix.Cell], next: Option[BulkMatrix.Cell]): ScenarioBuilder =
    scenario(name).exec { session =>
      done.foreach(matrix.check)
      next.foreach(matrix.prepare)
      session
    }
}
