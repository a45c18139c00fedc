package dev.shopreviews.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.migration.Migrate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Renders every Kustomize overlay of deploy/k8s with kubectl and checks each object against the services' own
 * configuration, the local routing table and the topics the code uses. Skipped, with a message, without kubectl.
 */
class DeploymentManifestsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> KNOWN = Set.of(
            "v1/ServiceAccount", "v1/ConfigMap", "v1/Service", "apps/v1/Deployment",
            "autoscaling/v2/HorizontalPodAutoscaler", "policy/v1/PodDisruptionBudget",
            "networking.k8s.io/v1/NetworkPolicy", "gateway.networking.k8s.io/v1/Gateway",
            "gateway.networking.k8s.io/v1/HTTPRoute", "kafka.strimzi.io/v1beta2/Kafka",
            "kafka.strimzi.io/v1beta2/KafkaNodePool", "kafka.strimzi.io/v1beta2/KafkaTopic",
            "postgresql.cnpg.io/v1/Cluster", "postgresql.cnpg.io/v1/Database",
            "monitoring.coreos.com/v1/ServiceMonitor", "monitoring.coreos.com/v1/PrometheusRule");
    /** Metrics the alerts and the dashboard may use that no code of ours registers, each with where it comes from. */
    private static final Map<String, String> EXTERNAL_METRICS = Map.of(
            "kube_pod_status_ready", "kube-state-metrics",
            "http_server_requests_seconds_count", "Quarkus Micrometer, HTTP server binder",
            "http_server_requests_seconds_sum", "Quarkus Micrometer, HTTP server binder");
    /** A meter's name as the code spells it: a dotted lower-case literal in a class that uses Micrometer. */
    private static final Pattern METER = Pattern.compile("\"([a-z][a-z0-9]*(?:\\.[a-z0-9]+)+)\"");
    private static final Set<String> PROMQL_WORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "bool", "and", "or", "unless", "offset");
    private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(:[^}]*)?}");

    @BeforeAll
    static void needsKubectl() {
        Assumptions.assumeTrue(Stream.of(System.getenv("PATH").split(":"))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "kubectl"))), "kubectl is not installed: manifests not rendered");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void everyObjectIsOfAKnownKindAndNoSecretCarriesData(String overlay) throws Exception {
        for (JsonNode object : render(overlay)) {
            String kind = object.path("apiVersion").asText() + "/" + object.path("kind").asText();
            assertTrue(KNOWN.contains(kind), "unknown kind or API version: " + kind);
            assertFalse(object.path("kind").asText().equals("Secret"), "secrets are referenced, never committed");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void everyDeploymentMatchesItsServicesOwnConfiguration(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        Map<String, String[]> services = localServices();
        assertEquals(services.keySet(), names(objects, "Deployment"), "a Deployment per service");
        for (JsonNode deployment : of(objects, "Deployment")) {
            String name = deployment.at("/metadata/name").asText();
            JsonNode pod = deployment.at("/spec/template/spec");
            JsonNode container = pod.at("/containers/0");
            int port = Integer.parseInt(services.get(name)[0]);
            assertTrue(container.path("image").asText().startsWith("shopreviews/" + name + ":"), name + " image");
            assertEquals(port, container.at("/ports/0/containerPort").asInt(), name + " port = quarkus.http.port");
            assertEquals(port, httpPort(name), name + " port in application.properties");
            assertEquals("/q/health/live", container.at("/livenessProbe/httpGet/path").asText());
            assertEquals("/q/health/ready", container.at("/readinessProbe/httpGet/path").asText());
            assertEquals("/q/health/started", container.at("/startupProbe/httpGet/path").asText());
            assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), name + " non-root");
            assertFalse(pod.path("automountServiceAccountToken").asBoolean(true), name + " no token automount");
            assertEquals(name, pod.path("serviceAccountName").asText());
            assertTrue(container.at("/securityContext/readOnlyRootFilesystem").asBoolean(), name + " read-only root");
            assertFalse(container.at("/securityContext/allowPrivilegeEscalation").asBoolean(true), name + " no escalation");
            assertTrue(container.at("/resources/limits/memory").isTextual(), name + " memory limit");
            String jit = services.get(name)[2];
            assertTrue(configMap(objects, container).path("JAVA_OPTS_APPEND").asText().contains(localJitOptions(jit)),
                    name + " runs the compilers of the local suite (" + jit + ": " + localJitOptions(jit) + ")");
            String nioCache = localJavaOption("-Djdk.nio.maxCachedBufferSize=");
            assertTrue(configMap(objects, container).path("JAVA_OPTS_APPEND").asText().contains(nioCache),
                    name + " caps the JDK's cached I/O buffers as the local suite does (" + nioCache + ")");
            assertMigratesInItsInitContainer(name, pod, container);

            Set<String> provided = providedEnv(objects, container);
            assertEquals(services.get(name)[1], configMap(objects, container).path("DB_NAME").asText(), name + " database");
            for (String needed : requiredEnv(name)) {
                assertTrue(provided.contains(needed), name + " needs env " + needed + " (no default in its configuration)");
            }
            assertEquals(port, service(objects, name).at("/spec/ports/0/port").asInt(), name + " Service port");
            assertTrue(names(objects, "ServiceAccount").contains(name));
            assertTrue(names(objects, "HorizontalPodAutoscaler").contains(name));
            assertTrue(names(objects, "PodDisruptionBudget").contains(name));
            assertTrue(names(objects, "NetworkPolicy").contains(name));
            if (overlay.equals("production")) {
                assertTrue(deployment.at("/spec/replicas").asInt() >= 2, name + " has 2+ replicas in production");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void gatewayRoutesAreExactlyTheLocalRoutingTable(String overlay) throws Exception {
        Set<String> routes = new TreeSet<>();
        for (JsonNode route : of(render(overlay), "HTTPRoute")) {
            for (JsonNode rule : route.at("/spec/rules")) {
                String backend = rule.at("/backendRefs/0/name").asText();
                // The optional fourth column of routes.tsv: the one upstream path an exact route is rewritten to.
                String upstream = "";
                for (JsonNode filter : rule.path("filters")) {
                    if (filter.path("type").asText().equals("URLRewrite")) {
                        assertEquals("ReplaceFullPath", filter.at("/urlRewrite/path/type").asText(), "only full-path rewrites");
                        assertTrue(filter.at("/urlRewrite/hostname").isMissingNode(), "no host rewrite");
                        upstream = " " + filter.at("/urlRewrite/path/replaceFullPath").asText();
                        assertTrue(upstream.matches(" /q/(openapi\\.json|swagger-ui/([A-Za-z0-9_-][A-Za-z0-9._-]*)?)"),
                                "a rewrite reaches the OpenAPI document or a Swagger UI file, nothing else under /q/: " + upstream);
                        assertEquals(1, rule.path("matches").size(), "a rewritten rule has one exact match");
                    }
                }
                for (JsonNode match : rule.path("matches")) {
                    String type = match.at("/path/type").asText();
                    String path = match.at("/path/value").asText();
                    assertTrue(upstream.isEmpty() || type.equals("Exact"), "only exact paths are rewritten: " + path);
                    routes.add((type.equals("Exact") ? "exact " + path : "prefix " + path + "/") + " " + backend + upstream);
                }
                if (rule.path("backendRefs").isMissingNode()) {
                    assertEquals("https", rule.at("/filters/0/requestRedirect/scheme").asText(), "HTTP redirects to HTTPS");
                } else {
                    assertTrue(rule.at("/filters/0/responseHeaderModifier/set/0/value").asText().startsWith("max-age="), "HSTS");
                }
            }
        }
        Set<String> local = Files.readAllLines(ROOT.resolve("deploy/local/routes.tsv")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> String.join(" ", line.split("\t")))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(local, routes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void everyTopicTheCodeUsesIsDeclaredLikeTheLocalBroker(String overlay) throws Exception {
        Map<String, JsonNode> declared = new TreeMap<>();
        of(render(overlay), "KafkaTopic").forEach(topic -> declared.put(topic.at("/spec/topicName").asText(), topic));
        for (EventTopic<?> topic : Topics.ALL) {
            assertTrue(declared.containsKey(topic.name()), "KafkaTopic for " + topic);
            assertTrue(declared.containsKey(Topics.deadLettersOf(topic.name())), "KafkaTopic for the dead letters of " + topic);
        }
        for (String line : Files.readAllLines(ROOT.resolve("deploy/local/kafka/topics.txt"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.trim().split("\\s+");
            JsonNode topic = declared.get(parts[0]);
            assertNotNull(topic, "KafkaTopic for local topic " + parts[0]);
            assertEquals(Integer.parseInt(parts[1]), topic.at("/spec/partitions").asInt(), parts[0] + " partitions");
            boolean compacted = line.contains("cleanup.policy=compact");
            assertEquals(compacted, "compact".equals(topic.at("/spec/config/cleanup.policy").asText()), parts[0] + " compaction");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void everyAlertHasARunbookSectionAndMonitoringUsesOnlyMetricsThatExist(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        assertEquals(Set.of("shopreviews-services"), names(objects, "ServiceMonitor"));
        Set<String> anchors = runbookAnchors();
        Set<String> registered = registeredMetrics();
        List<String> expressions = new ArrayList<>();
        int alerts = 0;
        for (JsonNode rule : of(objects, "PrometheusRule")) {
            for (JsonNode group : rule.at("/spec/groups")) {
                for (JsonNode alert : group.path("rules")) {
                    String name = alert.path("alert").asText();
                    String url = alert.at("/annotations/runbook_url").asText();
                    Matcher anchor = Pattern.compile("/docs/runbooks\\.md#([a-z0-9-]+)$").matcher(url);
                    assertTrue(anchor.find(), name + ": runbook_url names a section of docs/runbooks.md: " + url);
                    assertTrue(anchors.contains(anchor.group(1)), name + ": docs/runbooks.md has no section #" + anchor.group(1));
                    expressions.add(alert.path("expr").asText());
                    alerts++;
                }
            }
        }
        assertTrue(alerts >= 7, "the alerts of docs/runbooks.md are there: " + alerts);
        JsonNode dashboards = of(objects, "ConfigMap").stream()
                .filter(map -> "1".equals(map.at("/metadata/labels/grafana_dashboard").asText())).findFirst().orElseThrow();
        JsonNode dashboard = YAML.readTree(dashboards.at("/data/shopreviews.json").asText());
        dashboard.findValues("expr").forEach(expr -> expressions.add(expr.asText()));
        assertTrue(expressions.size() > alerts, "the dashboard's panels have queries");
        for (String expression : expressions) {
            Set<String> metrics = metricNames(expression);
            assertFalse(metrics.isEmpty(), "no metric found in " + expression);
            for (String metric : metrics) {
                assertTrue(EXTERNAL_METRICS.containsKey(metric) || exported(metric, registered),
                        metric + " (in " + expression + ") is registered by no code of ours and is no known external metric");
            }
        }
    }

    /** The names a PromQL expression reads: identifiers that are not functions, keywords, labels or strings. */
    static Set<String> metricNames(String expression) {
        String bare = expression.replaceAll("\"[^\"]*\"", "\"\"")
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ")
                .replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^\\]]*\\]", " ");
        Set<String> names = new TreeSet<>();
        Matcher identifier = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?").matcher(bare);
        while (identifier.find()) {
            if (identifier.group(2) == null && !PROMQL_WORDS.contains(identifier.group(1))) {
                names.add(identifier.group(1));
            }
        }
        return names;
    }

    /** Whether a Prometheus name is one of the registered meters (dots as underscores, a counter's _total, a timer's parts). */
    private static boolean exported(String metric, Set<String> registered) {
        return registered.stream().anyMatch(base -> metric.equals(base) || Stream.of("_total", "_seconds_count",
                "_seconds_sum", "_seconds_max", "_seconds_bucket").anyMatch(suffix -> metric.equals(base + suffix)));
    }

    /** Every meter name the services' and common's main sources register, in Prometheus spelling (dots as underscores). */
    private static Set<String> registeredMetrics() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")
                    && path.toString().contains("/src/main/java/") && !path.toString().contains("/target/")).toList()) {
                String source = Files.readString(file);
                if (!source.contains("import io.micrometer.")) {
                    continue;
                }
                Matcher meter = METER.matcher(source);
                while (meter.find()) {
                    names.add(meter.group(1).replace('.', '_'));
                }
            }
        }
        assertTrue(names.contains("shopreviews_dead_letters_pending"), "common's gauges are found: " + names);
        return names;
    }

    /** The anchors of docs/runbooks.md's sections, as GitHub makes them from the headings. */
    private static Set<String> runbookAnchors() throws IOException {
        Set<String> anchors = new TreeSet<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/runbooks.md"))) {
            if (line.startsWith("## ")) {
                anchors.add(line.substring(3).trim().toLowerCase().replaceAll("[^a-z0-9 -]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static List<JsonNode> render(String overlay) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("kubectl", "kustomize", ROOT.resolve("deploy/k8s/overlays/" + overlay).toString())
                .redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertEquals(0, process.waitFor(), "kubectl kustomize " + overlay + ": " + new String(out));
        List<JsonNode> objects = new ArrayList<>();
        try (YAMLParser parser = new YAMLFactory().createParser(out)) {
            YAML.readValues(parser, JsonNode.class).forEachRemaining(node -> {
                if (node != null && !node.isNull()) {
                    objects.add(node);
                }
            });
        }
        assertFalse(objects.isEmpty());
        return objects;
    }

    private static Map<String, String[]> localServices() throws IOException {
        Map<String, String[]> services = new TreeMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("deploy/local/services.tsv"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] cols = line.split("\t");
                services.put(cols[0], new String[]{cols[1], cols[2], cols.length > 3 ? cols[3] : "tiered"});
            }
        }
        return services;
    }

    /** The JVM flags deploy/local/lib/services.sh gives a service of this jit mode (SR_JIT_C1_OPTS, SR_JIT_TIERED_OPTS). */
    private static String localJitOptions(String jit) throws IOException {
        String variable = "SR_JIT_" + jit.toUpperCase() + "_OPTS";
        Matcher matcher = Pattern.compile("(?m)^" + variable + "=\"\\$\\{" + variable + "-\"(.+)\"}\"$")
                .matcher(Files.readString(ROOT.resolve("deploy/local/lib/services.sh")));
        assertTrue(matcher.find(), variable + " in deploy/local/lib/services.sh");
        return matcher.group(1);
    }

    /**
     * The schema migrations run before the service, in an init container of the same image that runs Migrate (as
     * deploy/local does before each start); the service itself has no Flyway.
     */
    private static void assertMigratesInItsInitContainer(String name, JsonNode pod, JsonNode container)
            throws IOException {
        JsonNode init = pod.at("/initContainers/0");
        assertEquals("migrate", init.path("name").asText(), name + " has the migrate init container");
        assertEquals(container.path("image").asText(), init.path("image").asText(), name + " migrates with its own image");
        String command = init.path("command").toString();
        String main = Migrate.class.getName();
        assertTrue(command.contains("\"" + main + "\"") && command.contains("/deployments/app.jar"),
                name + " init container runs " + main + " from the image's jar: " + command);
        assertTrue(init.path("env").toString().contains("DB_PASSWORD"), name + " init container gets the database password");
        assertTrue(init.path("envFrom").toString().contains(name + "-config"), name + " init container reads the ConfigMap");
        assertTrue(init.at("/securityContext/readOnlyRootFilesystem").asBoolean(), name + " init container read-only root");
        assertTrue(Files.readString(ROOT.resolve("deploy/local/lib/services.sh")).contains(main),
                "deploy/local migrates with the same main");
    }

    /** The flag of SR_JAVA_OPTS in deploy/local/lib/services.sh that starts with this prefix. */
    private static String localJavaOption(String prefix) throws IOException {
        Matcher matcher = Pattern.compile("(?m)^SR_JAVA_OPTS=.*?(" + Pattern.quote(prefix) + "[^ }\"]+)")
                .matcher(Files.readString(ROOT.resolve("deploy/local/lib/services.sh")));
        assertTrue(matcher.find(), prefix + " in SR_JAVA_OPTS of deploy/local/lib/services.sh");
        return matcher.group(1);
    }

    private static int httpPort(String service) throws IOException {
        return Integer.parseInt(properties(service).lines().filter(l -> l.startsWith("quarkus.http.port="))
                .findFirst().orElseThrow().substring("quarkus.http.port=".length()).trim());
    }

    /** Environment variables the service's configuration reads without a default (profile-specific keys aside). */
    private static Set<String> requiredEnv(String service) throws IOException {
        Set<String> needed = new HashSet<>();
        String config = properties(service) + "\n" + Files.readString(ROOT.resolve("common/src/main/resources/shopreviews-common.properties"));
        for (String line : config.lines().filter(l -> !l.startsWith("%") && !l.startsWith("#")).toList()) {
            Matcher matcher = ENV_REFERENCE.matcher(line);
            while (matcher.find()) {
                if (matcher.group(2) == null) {
                    needed.add(matcher.group(1));
                }
            }
        }
        return needed;
    }

    private static String properties(String service) throws IOException {
        return Files.readString(ROOT.resolve(service + "/src/main/resources/application.properties"));
    }

    private static Set<String> providedEnv(List<JsonNode> objects, JsonNode container) {
        Set<String> provided = new HashSet<>();
        container.path("env").forEach(env -> provided.add(env.path("name").asText()));
        configMap(objects, container).fieldNames().forEachRemaining(provided::add);
        return provided;
    }

    private static JsonNode configMap(List<JsonNode> objects, JsonNode container) {
        String name = container.at("/envFrom/0/configMapRef/name").asText();
        return of(objects, "ConfigMap").stream().filter(map -> map.at("/metadata/name").asText().equals(name))
                .findFirst().map(map -> map.path("data")).orElse(MissingNode.getInstance());
    }

    private static JsonNode service(List<JsonNode> objects, String name) {
        return of(objects, "Service").stream().filter(s -> s.at("/metadata/name").asText().equals(name)).findFirst().orElseThrow();
    }

    private static List<JsonNode> of(List<JsonNode> objects, String kind) {
        return objects.stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
    }

    private static Set<String> names(List<JsonNode> objects, String kind) {
        return of(objects, kind).stream().map(o -> o.at("/metadata/name").asText()).collect(Collectors.toCollection(TreeSet::new));
    }
}
