# mailbench's images from a build already made on the host, without a Maven stage (see docs/docker.adoc). From the
# repository root, after `mvn package` (and, for the node, `java -jar target/mailbench.jar node-lib`):
#   docker build -f docker/prebuilt.Dockerfile --target node -t mailbench-opensearch:2.19.6 .
#   docker build -f docker/prebuilt.Dockerfile -t mailbench:local .
# On a host without a registry add --build-arg RUNTIME_IMAGE=mailbench-base:jre17 (made by docker/debian-bases.sh).
#
# Stages:
#   node      the project's embedded OpenSearch node (EmbeddedNodeMain) on target/node-lib, listening on 0.0.0.0:9200,
#             plain HTTP, single node: an OpenSearch image for hosts that cannot pull the official one
#   runtime   as docker/Dockerfile's runtime stage, from target/mailbench.jar and target/lib/ (the last stage, so the
#             default): the facade, the profiler sidecar and the corpus loader
# .dockerignore lets these three paths of target/ into the build context, nothing else of it.

# any image with a JRE 17+, curl (the compose health checks) and useradd
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM ${RUNTIME_IMAGE} AS node
# the official image's paths, so a compose volume fits either image; not root (the node needs no privilege)
RUN useradd --uid 10001 --user-group --create-home --home-dir /usr/share/opensearch opensearch \
 && mkdir -p /usr/share/opensearch/data /usr/share/opensearch/logs && chown -R opensearch:opensearch /usr/share/opensearch
COPY target/node-lib/ /opt/opensearch-node/lib/
# EmbeddedNodeMain only; its own folder, without lib/, so the jar's manifest Class-Path (the facade's libraries) finds nothing
COPY target/mailbench.jar /opt/opensearch-node/mailbench.jar
USER opensearch
WORKDIR /usr/share/opensearch
EXPOSE 9200
# the heap in the official image's variable, so compose gives either image the same one. A shell in front only to expand
# it (exec: the JVM is PID 1 and gets docker stop's SIGTERM); any node setting as -Dmailbench.node.setting.<name>=<value>
# there too. G1 as the local stack starts the node
ENV OPENSEARCH_JAVA_OPTS="-Xms512m -Xmx512m"
ENTRYPOINT ["/bin/sh", "-c", "exec java $OPENSEARCH_JAVA_OPTS -XX:+UseG1GC -XX:G1ReservePercent=25 -XX:InitiatingHeapOccupancyPercent=30 -Dlog4j2.configurationFile=classpath:log4j2-node.properties -Dmailbench.node.log=/usr/share/opensearch/logs/node.log -Dlog4j2.disable.jmx=true -Djava.awt.headless=true -Dmailbench.node.setting.network.host=0.0.0.0 -cp '/opt/opensearch-node/lib/*:/opt/opensearch-node/mailbench.jar' mailbench.node.EmbeddedNodeMain /usr/share/opensearch 9200 /tmp/opensearch-ready"]

FROM ${RUNTIME_IMAGE} AS runtime
# as docker/Dockerfile's runtime stage: one non-root user for the facade and the sidecar, the jar beside its lib/
RUN useradd --uid 10001 --user-group --create-home --home-dir /var/lib/mailbench mailbench
COPY target/lib/ /opt/mailbench/lib/
COPY target/mailbench.jar /opt/mailbench/mailbench.jar
USER mailbench
WORKDIR /var/lib/mailbench
EXPOSE 8080 7070
ENTRYPOINT ["java", "-XX:+ExitOnOutOfMemoryError", "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints", "-jar", "/opt/mailbench/mailbench.jar"]
CMD ["facade", "--host", "0.0.0.0", "--opensearch", "http://opensearch:9200", "--tls-cert", "/etc/mailbench/tls/facade.pem", \
     "--tls-key", "/etc/mailbench/tls/facade-key.pem"]
