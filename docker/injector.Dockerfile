# One injector of a load that several injectors send together (docs/injectors.adoc): Gatling and the simulations,
# started by a scheduler (Docker Swarm, Kubernetes) with the injector contract's knobs. Not built from this file
# alone: `java -jar target/mailbench.jar injector-image` assembles its context from the build (target/classes,
# target/test-classes, the jars of target/injector-classpath.txt, feeders/), so nothing is resolved twice.
#
# BASE: any image with a JRE 17+ as `java` on the PATH. The default is the official one; on a host without an image
# registry give a base made from Debian packages (docs/docker.adoc).
ARG BASE=eclipse-temurin:17-jre
FROM ${BASE}
COPY lib/ /opt/mailbench/lib/
COPY classes/ /opt/mailbench/classes/
COPY test-classes/ /opt/mailbench/test-classes/
COPY feeders/ /opt/mailbench/feeders/
# the run writes beside its working folder (generated feeders, the truststore of an https target): the container's own
WORKDIR /opt/mailbench
# as gatling-maven-plugin starts Gatling (its JVM options, Gatling's internals opened) and as pom.xml does: no traffic leaves the machine (the report's newest-version check
# meets a dead proxy at once) and Java's preferences stay in the container. The scheduler gives the -D knobs, then
# io.gatling.app.MailbenchInjectorMain (Gatling's main; failed assertions of a finished run exit 0, the merged run is judged)
# --simulation <class> --results-folder <folder>
ENTRYPOINT ["java", "-XX:+ExitOnOutOfMemoryError", "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12", "-Xmx1G", \
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", \
            "-Dhttps.proxyHost=127.0.0.1", "-Dhttps.proxyPort=9", \
            "-Djava.util.prefs.userRoot=/opt/mailbench/java-prefs", "-Dmailbench.gatlingResults=/opt/mailbench/gatling-results", \
            "-cp", "/opt/mailbench/test-classes:/opt/mailbench/classes:/opt/mailbench/lib/*"]
CMD ["io.gatling.app.MailbenchInjectorMain", "--simulation", "mailbench.gatling.SearchSimulation", "--results-folder", "/opt/mailbench/gatling-results"]
