package mailbench.gatling

import scala.jdk.CollectionConverters._

import io.gatling.core.Predef._
import io.gatling.core.structure.PopulationBuilder

import mailbench.indexing.{ BulkDocuments, BulkMatrix, BulkMatrixIndex, BulkMatrixReport, BulkMatrixRun, CellTimings }
import mailbench.run.SimulationNeeds
import mailbench.settings.{ BenchConfig, RequestPath, WorkloadSettings }
import mailbench.summary.SimulationLog

/**
 * The bulk indexing matrix: bulk size (-Dmailbench.bulk.sizes) x bulk requests in flight
 * (-Dmailbench.bulk.concurrency), one cell after the other, each sending the same documents onto a
 * fresh index and counted afterwards. Writes bulk-matrix.json and bulk-matrix.html into the run folder.
 * Run it with -Dmailbench.simulation=mailbench.gatling.BulkIndexSimulation.
 */
class BulkIndexSimulation extends MailbenchSimulation("BulkIndexSimulation", SimulationNeeds.BULK_MATRIX) {
  private val direct = config.load.path == RequestPath.DIRECT
  private val opensearch = if (!run.endpoints.opensearchUrls.isEmpty) run.endpoints.opensearchUrls else throw new IllegalArgumentException(
    "BulkIndexSimulation recreates and counts the index itself: give -Dmailbench.opensearch=<OpenSearch URL> with -Dmailbench.target")
  private val bulk = config.workloads.bulk
  private val documents = BulkDocuments.of(config.load.corpus, math.max(bulk.docsPerCell, bulk.warmUpDocs), bulk, direct)
  // the only index it deletes: named by a knob, the one the facade serves, and on a target only when confirmed
  private val index = BulkMatrixIndex.resolve(config.workloads.bulkIndex.index, config.workloads.bulkIndex.deleteOnTarget,
    if (config.local) null else config.target.url, if (direct) null else run.endpoints.facadeIndex, WorkloadSettings.BulkIndex.INDEX_KNOB,
    WorkloadSettings.BulkIndex.DELETE_KNOB)
  private val matrix = new BulkMatrixRun(bulk, documents, opensearch, run.endpoints.opensearchAccess, index, config.target.replicas,
    line => run.event(line))
  private val requests = if (direct) new DirectIndexRequests(index) else FacadeIndexRequests

  private val steps = matrix.steps.asScala.toList
  private def requestName(cell: BulkMatrix.Cell) = (if (cell.index < 0) SimulationLog.WARM_UP_PREFIX else "") + cell.name
  private def cellPopulation(cell: BulkMatrix.Cell): PopulationBuilder =
    BulkIndexScenario.build(requestName(cell), cell, matrix, requests).inject(atOnceUsers(cell.concurrency))
  // before each cell a fresh index, after it a count: Gatling starts a population's andThen children once all its users are done
  private val populations: List[PopulationBuilder] = {
    val betweens = (None +: steps.map(Some(_))).zip(steps.map(Some(_)) :+ None).zipWithIndex.map { case ((done, next), i) =>
      BulkIndexScenario.between(s"Between cells $i", matrix, done, next).inject(atOnceUsers(1))
    }
    betweens.head :: steps.zip(betweens.tail).flatMap { case (cell, after) => List(cellPopulation(cell), after) }
  }

  setUp(populations.reduceRight((first, rest) => first.andThen(rest)))
    .protocols(protocol)
    .assertions(bulk.cells.asScala.toList.map(cell => details(cell.name).successfulRequests.percent.gte(config.pass.successPercent)))

  override protected def afterLoad(): Unit = {
    val timings = new CellTimings
    run.readSimulationLog((name, start, end, ok, _) => timings.record(name, start, end, ok))
    BulkMatrixReport.afterRun(run.about, bulk, matrix.outcomes, timings, run.folder, line => run.event(line))
    run.finish()
  }
}
