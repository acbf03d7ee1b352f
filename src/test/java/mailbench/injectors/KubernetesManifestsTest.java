package mailbench.injectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import mailbench.json.Json;
import mailbench.settings.InjectorShare;
import mailbench.knobs.Knob;
import mailbench.knobs.Knobs;

/**
 * docker/kubernetes/ against Kubernetes' published JSON schema for 1.33 (strict: an unknown or misspelt field fails),
 * offline (src/test/resources/kubernetes-schema, with its provenance), and against the injector contract swarm-run
 * speaks: an Indexed Job whose pods take the same knobs, their index from Kubernetes, the same agreed start.
 */
class KubernetesManifestsTest {

    private static final Path JOB = Path.of("docker/kubernetes/injectors-job.yaml");
    private static final Path CLAIM = Path.of("docker/kubernetes/reports-claim.yaml");
    private static final Map<String, String> SCHEMA_BY_KIND = Map.of("Job", "job-batch-v1.json",
        "PersistentVolumeClaim", "persistentvolumeclaim-v1.json");
    /** Kubernetes' schemas name themselves https://kubernetes.io/api/...: mapped to the copies here, nothing is fetched. */
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
        builder -> builder.schemaMappers(mappers -> mappers.mapPrefix("https://kubernetes.io/api/", "classpath:kubernetes-schema/v1.33/")));

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        for (Object document : new Yaml().loadAll(Files.readString(file))) {
            documents.add(Json.MAPPER.valueToTree(document));
        }
        return documents;
    }

    private static Set<String> errors(JsonNode manifest) {
        String kind = manifest.path("kind").asText();
        assertThat(SCHEMA_BY_KIND).as("a schema for kind " + kind).containsKey(kind);
        JsonSchema schema = SCHEMAS.getSchema(SchemaLocation.of("classpath:kubernetes-schema/v1.33/" + SCHEMA_BY_KIND.get(kind)));
        return schema.validate(manifest).stream().map(ValidationMessage::getMessage).collect(Collectors.toSet());
    }

    @Test
    void everyManifestShouldPassKubernetesSchema() throws IOException {
        for (Path file : List.of(JOB, CLAIM)) {
            for (JsonNode manifest : documents(file)) {
                assertThat(errors(manifest)).as(file + " (" + manifest.path("kind").asText() + ")").isEmpty();
            }
        }
    }

    @Test
    void theSchemaShouldCatchAMisspeltFieldAndAWrongType() throws IOException {
        ObjectNode misspelt = (ObjectNode) documents(JOB).get(0).deepCopy();
        ((ObjectNode) misspelt.get("spec")).set("completionsMode", misspelt.at("/spec/completionMode"));
        ObjectNode wrongType = (ObjectNode) documents(JOB).get(0).deepCopy();
        ((ObjectNode) wrongType.get("spec")).put("parallelism", "three");

        assertThat(errors(misspelt)).anySatisfy(error -> assertThat(error).contains("completionsMode"));
        assertThat(errors(wrongType)).anySatisfy(error -> assertThat(error).contains("parallelism"));
    }

    @Test
    void theJobShouldSpeakTheInjectorContract() throws IOException {
        JsonNode job = documents(JOB).get(0);
        JsonNode spec = job.get("spec");
        JsonNode pod = spec.at("/template/spec");
        JsonNode container = pod.at("/containers/0");
        List<String> args = new ArrayList<>();
        container.get("args").forEach(arg -> args.add(arg.asText()));

        assertThat(spec.get("completionMode").asText()).as("the index from Kubernetes, $" + InjectorShare.KUBERNETES_INDEX_ENV)
            .isEqualTo("Indexed");
        assertThat(spec.get("parallelism").asInt()).as("all injectors at once").isEqualTo(spec.get("completions").asInt());
        assertThat(args).as("the count is the Job's").contains("-D" + Knobs.INJECTOR_COUNT.name() + "=" + spec.get("completions").asInt());
        assertThat(args).as("the index is Kubernetes' own").noneMatch(arg -> arg.startsWith("-D" + Knobs.INJECTOR_INDEX.name()));
        assertThat(spec.get("backoffLimitPerIndex").asInt()).as("an index is never tried twice: its share would be sent twice").isZero();
        assertThat(spec.get("maxFailedIndexes").asInt()).as("one failed injector fails the job").isZero();
        assertThat(pod.get("restartPolicy").asText()).isEqualTo("Never");
        assertThat(args).contains("-D" + Knobs.START_AT.name() + "=$(MAILBENCH_START_AT)");
        assertThat(container.get("env")).anySatisfy(env -> assertThat(env.get("name").asText()).isEqualTo("MAILBENCH_START_AT"));
        assertThat(args).contains("-D" + Knobs.REPORTS.name() + "=" + container.at("/volumeMounts/0/mountPath").asText());
        assertThat(args).contains(SwarmService.INJECTOR_MAIN, "--results-folder", SwarmService.GATLING_RESULTS_IN_TASK);
        for (String arg : args) {
            if (arg.startsWith("-D" + SwarmPlan.GATLING_INSECURE + "=")) {
                continue;
            }
            if (arg.startsWith("-D")) {
                String name = arg.substring(2, arg.indexOf('='));
                assertThat(Knobs.KNOBS.stream().map(Knob::name)).as("a knob of the run: " + arg).contains(name);
            }
        }
    }

    @Test
    void theJobShouldReachAnHttpsFacadeCheckingItsCertificateAgainstTheMountedCa() throws IOException {
        JsonNode pod = documents(JOB).get(0).at("/spec/template/spec");
        JsonNode container = pod.at("/containers/0");
        List<String> args = new ArrayList<>();
        container.get("args").forEach(arg -> args.add(arg.asText()));

        assertThat(args).anyMatch(arg -> arg.startsWith("-D" + Knobs.TARGET.name() + "=https://"));
        assertThat(args).contains("-D" + SwarmPlan.GATLING_INSECURE + "=false", "-D" + Knobs.FACADE_CA.name() + "=" + SwarmJob.CA_IN_TASK);
        JsonNode mount = null;
        for (JsonNode m : container.get("volumeMounts")) {
            if (m.get("name").asText().equals("facade-ca")) {
                mount = m;
            }
        }
        assertThat(mount).as("the CA's volume mount").isNotNull();
        JsonNode volume = null;
        for (JsonNode v : pod.get("volumes")) {
            if (v.get("name").asText().equals("facade-ca")) {
                volume = v;
            }
        }
        assertThat(volume).as("the CA's volume").isNotNull();
        assertThat(mount.get("mountPath").asText() + "/" + volume.at("/secret/items/0/path").asText()).isEqualTo(SwarmJob.CA_IN_TASK);
        assertThat(mount.get("readOnly").asBoolean()).isTrue();
    }

    @Test
    void theClaimShouldBeTheJobsVolume() throws IOException {
        JsonNode volume = documents(JOB).get(0).at("/spec/template/spec/volumes/0/persistentVolumeClaim/claimName");
        JsonNode claim = documents(CLAIM).get(0);

        assertThat(volume.asText()).isEqualTo(claim.at("/metadata/name").asText());
        assertThat(claim.at("/spec/accessModes/0").asText()).as("every injector's node mounts it at once").isEqualTo("ReadWriteMany");
    }
}
