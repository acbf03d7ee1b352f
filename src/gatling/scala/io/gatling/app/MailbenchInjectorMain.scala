package io.gatling.app

/**
 * Gatling's own main, as one of several injectors runs it in a scheduler's task (docs/injectors.adoc). Gatling exits
 * 2 when its assertions fail on this injector's share; a scheduler reads any non-zero exit as a failed task, and a
 * Docker Swarm job runs a failed task again, which would send that share twice. The verdict of a shared load is the
 * gate on the merged run, so here a run that finished exits 0 and says what Gatling answered; a crash keeps its code.
 * In Gatling's package because its run-and-return entry point is package-private: a Gatling upgrade touches this file
 * (as io.gatling.charts.stats.MailbenchLogReader).
 */
object MailbenchInjectorMain {

  /** Gatling's exit code when the run finished but an assertion failed. */
  val AssertionsFailed = 2

  def main(args: Array[String]): Unit = {
    val code = Gatling.fromArgs(args)
    if (code == AssertionsFailed) {
      println("[mailbench] this injector's assertions failed on its own share (Gatling exit 2); the merged run is judged")
    }
    sys.exit(if (code == AssertionsFailed) 0 else code)
  }
}
