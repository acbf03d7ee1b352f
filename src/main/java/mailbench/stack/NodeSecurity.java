package mailbench.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import mailbench.access.Credentials;
import mailbench.access.OpenSearchAccess;
import mailbench.access.TlsTrust;

/**
 * An embedded node with OpenSearch's security plugin: TLS on HTTP and transport with the given certificate, key and CA
 * (PEM, the key unencrypted PKCS#8), the plugin's own defaults for authentication (basic auth against its internal
 * users), the given roles and role mapping, and one internal user per credentials file ({@code username:password}).
 * The plugin's zip comes from Maven Central; it exists for some OpenSearch versions only (2.19.3 yes, 2.19.6 no) and
 * must match the node's version exactly.
 */
public record NodeSecurity(Path certificate, Path key, Path ca, Path roles, Path rolesMapping, List<Path> users) {

    static final String PLUGIN_CLASS = "org.opensearch.security.OpenSearchSecurityPlugin";
    /** The role definition and mapping mailbench ships (docs/staging.adoc#role). */
    public static final String ROLES_RESOURCE = "/mailbench/opensearch-security/roles.yml";
    public static final String ROLES_MAPPING_RESOURCE = "/mailbench/opensearch-security/roles_mapping.yml";
    /** The plugin's files kept as it ships them. */
    private static final List<String> PLUGIN_DEFAULTS = List.of("config.yml", "action_groups.yml", "tenants.yml", "nodes_dn.yml",
        "allowlist.yml", "audit.yml");

    public NodeSecurity {
        users = List.copyOf(users);
        if (users.isEmpty()) {
            throw new IllegalArgumentException("--user: a secured node needs at least one user (a file of one line username:password)");
        }
        Set<String> names = new HashSet<>();
        for (Path file : users) {
            // read now so a bad file is exit 2 before anything starts; the password stays in the file
            if (!names.add(Credentials.fromFile(file, "--user").username())) {
                throw new IllegalArgumentException("--user: two files name the same user (" + file + ")");
            }
        }
        requireFile(certificate, "--tls-cert");
        requireFile(key, "--tls-key");
        requireFile(ca, "--tls-ca");
        if (roles != null) {
            requireFile(roles, "--roles");
        }
        if (rolesMapping != null) {
            requireFile(rolesMapping, "--roles-mapping");
        }
    }

    /** The Maven coordinates of the plugin for {@code opensearchVersion} (its versions add a fourth digit). */
    static String pluginCoordinate(String opensearchVersion) {
        return "org.opensearch.plugin:opensearch-security:zip:" + opensearchVersion + ".0";
    }

    /**
     * Resolves and unpacks the plugin under {@code workDir}, writes its configuration into {@code configDir}; returns the jars
     * the node's classpath lacks and the node JVM's properties.
     */
    Prepared prepare(String opensearchVersion, List<Path> nodeClasspath, Path workDir, Path configDir) throws IOException {
        Path plugin = PluginZip.unpack(resolve(opensearchVersion), workDir.resolve("opensearch-security-" + opensearchVersion));
        Files.createDirectories(configDir.resolve("opensearch-security"));
        Files.copy(certificate, configDir.resolve("node.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(key, configDir.resolve("node-key.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(ca, configDir.resolve("ca.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(configDir.resolve("opensearch.yml"), settingsYml(subjectOf(certificate)));
        for (String file : PLUGIN_DEFAULTS) {
            Files.copy(plugin.resolve("config").resolve(file), configDir.resolve("opensearch-security").resolve(file),
                StandardCopyOption.REPLACE_EXISTING);
        }
        copyOrResource(roles, ROLES_RESOURCE, configDir.resolve("opensearch-security").resolve("roles.yml"));
        copyOrResource(rolesMapping, ROLES_MAPPING_RESOURCE, configDir.resolve("opensearch-security").resolve("roles_mapping.yml"));
        ownerOnly(configDir);
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("mailbench.node.plugins", PLUGIN_CLASS);
        properties.put("mailbench.node.internalUsers", String.join(java.io.File.pathSeparator,
            users.stream().map(p -> p.toAbsolutePath().toString()).toList()));
        properties.put("mailbench.node.scheme", "https");
        return new Prepared(PluginZip.jarsMissingFrom(plugin, nodeClasspath), properties);
    }

    /** What the node's JVM needs beyond a plain node. */
    record Prepared(List<Path> jars, Map<String, String> jvmProperties) {
        List<String> jvmOptions() {
            List<String> options = new ArrayList<>();
            jvmProperties.forEach((name, value) -> options.add("-D" + name + "=" + value));
            return options;
        }
    }

    /**
     * The plugin sets up its index in the background once the node has started; until then every request gets 503 "not
     * initialized". Waits until a request without credentials is refused with 401, i.e. users and roles are in place.
     */
    void awaitInitialised(URI url, Duration timeout) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(5))
            .sslContext(new OpenSearchAccess(new TlsTrust(ca, null, null), null).sslContext()).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        int status = 0;
        while (System.nanoTime() < deadline) {
            status = client.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 401) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the security plugin did not set itself up within " + timeout.toSeconds()
            + " s (last answer: HTTP " + status + "); see opensearch-node.log");
    }

    private static Path resolve(String opensearchVersion) {
        String coordinate = pluginCoordinate(opensearchVersion);
        try {
            return MavenClasspath.artifact(coordinate);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("the security plugin for OpenSearch " + opensearchVersion + " (" + coordinate
                + ") cannot be resolved from Maven Central or the local repository; a plugin must match its node's version"
                + " exactly, and only some versions are published (2.19.3 is): give --opensearch-version 2.19.3");
        }
    }

    /** The node's own settings for the plugin: TLS everywhere, its index set up from the files on first start. */
    private static String settingsYml(String nodeDn) {
        return String.join("\n",
            "plugins.security.ssl.transport.pemcert_filepath: node.pem",
            "plugins.security.ssl.transport.pemkey_filepath: node-key.pem",
            "plugins.security.ssl.transport.pemtrustedcas_filepath: ca.pem",
            // one node: its transport talks to itself under whatever name
            "plugins.security.ssl.transport.enforce_hostname_verification: false",
            "plugins.security.ssl.http.enabled: true",
            "plugins.security.ssl.http.pemcert_filepath: node.pem",
            "plugins.security.ssl.http.pemkey_filepath: node-key.pem",
            "plugins.security.ssl.http.pemtrustedcas_filepath: ca.pem",
            // the plugin's own path to a first configuration: its index is made from config/opensearch-security/ at start
            "plugins.security.allow_default_init_securityindex: true",
            "plugins.security.nodes_dn: [\"" + nodeDn.replace("\"", "\\\"") + "\"]",
            // no audit log: it would want an index of its own, and a benchmark's node is not where audits are read
            "plugins.security.audit.type: noop",
            "") ;
    }

    private static String subjectOf(Path certificate) throws IOException {
        try (InputStream in = Files.newInputStream(certificate)) {
            X509Certificate first = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            return first.getSubjectX500Principal().getName();
        } catch (GeneralSecurityException | ClassCastException e) {
            throw new IllegalArgumentException("--tls-cert: " + certificate + " holds no PEM certificate (" + e.getMessage() + ")");
        }
    }

    private static void copyOrResource(Path file, String resource, Path to) throws IOException {
        if (file != null) {
            Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        try (InputStream in = NodeSecurity.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from mailbench's classes");
            }
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The plugin warns about every file of its configuration others can read (it holds the key): owner only, as it asks. */
    static void ownerOnly(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.toList()) {
                Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString(
                    Files.isDirectory(file) ? "rwx------" : "rw-------"));
            }
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the plugin only warns
        }
    }

    private static void requireFile(Path file, String option) {
        if (file == null || !Files.isReadable(file)) {
            throw new IllegalArgumentException(option + ": " + (file == null ? "missing" : file + " cannot be read"));
        }
    }
}
