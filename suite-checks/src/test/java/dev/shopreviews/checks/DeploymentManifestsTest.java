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
import org.junit.jupiter.api.Test;
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
    /** The one Strimzi API version (Strimzi 1.x serves only v1; docs/operations.md). */
    private static final String STRIMZI_API = "kafka.strimzi.io/v1";
    private static final Set<String> KNOWN = Set.of(
            "v1/ServiceAccount", "v1/ConfigMap", "v1/Service", "apps/v1/Deployment",
            "autoscaling/v2/HorizontalPodAutoscaler", "policy/v1/PodDisruptionBudget",
            "networking.k8s.io/v1/NetworkPolicy", "networking.k8s.io/v1/Ingress", "gateway.networking.k8s.io/v1/Gateway",
            "gateway.networking.k8s.io/v1/HTTPRoute", STRIMZI_API + "/Kafka", STRIMZI_API + "/KafkaNodePool",
            STRIMZI_API + "/KafkaTopic", STRIMZI_API + "/KafkaUser",
            "postgresql.cnpg.io/v1/Cluster", "postgresql.cnpg.io/v1/Database", "postgresql.cnpg.io/v1/Pooler",
            "postgresql.cnpg.io/v1/ScheduledBackup", "barmancloud.cnpg.io/v1/ObjectStore",
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
    @ValueSource(strings = {"dev", "production", "managed"})
    void everyObjectIsOfAKnownKindAndNoSecretCarriesData(String overlay) throws Exception {
        for (JsonNode object : render(overlay)) {
            String kind = object.path("apiVersion").asText() + "/" + object.path("kind").asText();
            assertTrue(KNOWN.contains(kind), "unknown kind or API version: " + kind);
            assertFalse(object.path("kind").asText().equals("Secret"), "secrets are referenced, never committed");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production", "managed"})
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
            assertFalse(configMap(objects, container).path("JAVA_OPTS_APPEND").asText().matches(".*-X(mx|ms|X:MaxRAM|X:\\+Use\\w+GC).*"),
                    name + ": heap and collector come from deploy/jvm.options only");
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
                assertTrue(hpa(objects, name).at("/spec/minReplicas").asInt() >= 2, name + " has 2+ replicas in production");
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
        assertEquals(localRoutes(), routes);
    }

    @Test
    void ingressRoutesAreExactlyTheLocalRoutingTable() throws Exception {
        Set<String> routes = new TreeSet<>();
        Pattern exact = Pattern.compile("(/.*)\\$");
        Pattern prefix = Pattern.compile("(/.*)\\(/\\|\\$\\)");
        List<JsonNode> objects = render("managed");
        for (JsonNode ingress : of(objects, "Ingress")) {
            assertEquals("true", ingress.at("/metadata/annotations/nginx.ingress.kubernetes.io~1force-ssl-redirect").asText(),
                    "HTTP redirects to HTTPS");
            assertEquals("shopreviews-tls", ingress.at("/spec/tls/0/secretName").asText(), "HTTPS");
            String rewrite = ingress.at("/metadata/annotations/nginx.ingress.kubernetes.io~1rewrite-target").asText();
            for (JsonNode path : ingress.at("/spec/rules/0/http/paths")) {
                String regex = path.path("path").asText();
                String backend = path.at("/backend/service/name").asText();
                assertEquals(service(objects, backend).at("/spec/ports/0/port").asInt(),
                        path.at("/backend/service/port/number").asInt(), regex + " reaches " + backend + "'s port");
                Matcher isExact = exact.matcher(regex);
                Matcher isPrefix = prefix.matcher(regex);
                if (isPrefix.matches()) {
                    assertTrue(rewrite.isEmpty(), "only exact paths are rewritten: " + regex);
                    routes.add("prefix " + unescaped(isPrefix.group(1)) + "/ " + backend);
                } else {
                    assertTrue(isExact.matches(), "an exact or a prefix path: " + regex);
                    routes.add("exact " + unescaped(isExact.group(1)) + " " + backend + (rewrite.isEmpty() ? "" : " " + rewrite));
                }
            }
        }
        assertEquals(localRoutes(), routes);
    }

    /** A path written as a regular expression by the Ingress component, back as the path it matches. */
    private static String unescaped(String regex) {
        assertTrue(regex.replaceAll("\\\\.", "").matches("[A-Za-z0-9/_~-]*"), "only escaped metacharacters: " + regex);
        return regex.replaceAll("\\\\(.)", "$1");
    }

    @Test
    void theBaseAloneNeedsNoOperatorOrCustomResource() throws Exception {
        Set<String> core = Set.of("v1", "apps/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1");
        List<JsonNode> objects = renderPath(ROOT.resolve("deploy/k8s/base"));
        assertEquals(localServices().keySet(), names(objects, "Deployment"));
        for (JsonNode object : objects) {
            assertTrue(core.contains(object.path("apiVersion").asText()), "a core kind in the base: "
                    + object.path("apiVersion").asText() + "/" + object.path("kind").asText());
        }
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
    void deploymentsLeaveTheCountToTheirHpaAndSpreadOverZonesAndNodes(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        for (JsonNode deployment : of(objects, "Deployment")) {
            String name = deployment.at("/metadata/name").asText();
            JsonNode hpa = hpa(objects, name);
            assertEquals("Deployment", hpa.at("/spec/scaleTargetRef/kind").asText(), name + " HPA target");
            assertTrue(deployment.at("/spec/replicas").isMissingNode(), name + " is under an HPA: no replicas of its own");
            assertTrue(hpa.at("/spec/minReplicas").asInt() >= 1 && hpa.at("/spec/maxReplicas").asInt() >= hpa.at("/spec/minReplicas").asInt());
            Set<String> keys = new TreeSet<>();
            for (JsonNode constraint : deployment.at("/spec/template/spec/topologySpreadConstraints")) {
                assertEquals(name, constraint.at("/labelSelector/matchLabels/app.kubernetes.io~1name").asText(), name + " spreads its own pods");
                assertEquals(1, constraint.path("maxSkew").asInt(), name + " maxSkew");
                keys.add(constraint.path("topologyKey").asText());
            }
            assertEquals(Set.of("topology.kubernetes.io/zone", "kubernetes.io/hostname"), keys, name + " spreads over zones and nodes");
            JsonNode container = deployment.at("/spec/template/spec/containers/0");
            assertTrue(container.at("/resources/requests/cpu").isTextual(), name + " CPU request (the HPA's base)");
            assertEquals(container.at("/resources/limits/memory").asText(), container.at("/resources/requests/memory").asText(),
                    name + " memory request = limit");
        }
    }

    /**
     * A pod's stop (docs/operations.md "Rollouts"): the preStop sleep keeps it serving while the endpoints drop it, then
     * the JVM's own graceful shutdown (its delay, requests in flight, consumers and relay) must end before the kubelet's
     * SIGKILL at terminationGracePeriodSeconds, which counts from the start of preStop.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "production", "managed"})
    void everyPodStopsGracefullyWithinItsGracePeriod(String overlay) throws Exception {
        long delay = seconds(commonProperty("quarkus.shutdown.delay").replaceAll("^\\$\\{SHUTDOWN_DELAY:(.+)}$", "$1"));
        long timeout = seconds(commonProperty("quarkus.shutdown.timeout"));
        assertEquals("true", commonProperty("quarkus.shutdown.delay-enabled"), "the shutdown delay is built in");
        assertTrue(timeout >= 10, "requests in flight get at least 10 s: " + timeout);
        // Consumers (twice the poll timeout each, one after the other) and the outbox relay: a few seconds at most.
        long closing = 10;
        List<JsonNode> objects = render(overlay);
        assertFalse(of(objects, "Deployment").isEmpty());
        for (JsonNode deployment : of(objects, "Deployment")) {
            String name = deployment.at("/metadata/name").asText();
            JsonNode pod = deployment.at("/spec/template/spec");
            JsonNode container = pod.at("/containers/0");
            JsonNode command = container.at("/lifecycle/preStop/exec/command");
            assertEquals("sleep", command.path(0).asText(), name + " preStop sleeps: " + command);
            long preStop = Long.parseLong(command.path(1).asText());
            assertTrue(preStop >= 3 && preStop <= 15, name + " preStop of a few seconds: " + preStop);
            String configMap = container.at("/envFrom/0/configMapRef/name").asText();
            String shutdownDelay = named(objects, "ConfigMap", configMap).at("/data/SHUTDOWN_DELAY").asText("");
            long jvmDelay = shutdownDelay.isEmpty() ? delay : seconds(shutdownDelay);
            long grace = pod.path("terminationGracePeriodSeconds").asLong(30);
            assertTrue(pod.has("terminationGracePeriodSeconds"), name + " sets terminationGracePeriodSeconds");
            assertTrue(preStop + jvmDelay + timeout + closing <= grace, name + ": preStop " + preStop + " + delay " + jvmDelay
                    + " + requests " + timeout + " + closing " + closing + " > terminationGracePeriodSeconds " + grace);
        }
    }

    /** "20s", "500ms" or a plain number of seconds, as Quarkus reads a duration (whole seconds, rounded up). */
    private static long seconds(String duration) {
        String d = duration.trim();
        if (d.endsWith("ms")) {
            return (Long.parseLong(d.substring(0, d.length() - 2)) + 999) / 1000;
        }
        return Long.parseLong(d.endsWith("s") ? d.substring(0, d.length() - 1) : d);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void everyServiceHasEgressRulesAndWebhooksNeverReachPrivateRanges(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        Set<String> v4 = Set.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8");
        Set<String> v6 = Set.of("fc00::/7", "fe80::/10");
        for (String name : localServices().keySet()) {
            JsonNode policy = named(objects, "NetworkPolicy", name);
            assertTrue(policy.at("/spec/policyTypes").toString().contains("\"Egress\""), name + " has egress rules");
            boolean mails = properties(name).contains("quarkus.mailer.host=");
            String pooler = named(objects, "ConfigMap", name + "-config").at("/data/DB_HOST").asText();
            boolean dns = false;
            boolean kafka = false;
            boolean database = false;
            Set<Integer> outside = new TreeSet<>();
            for (JsonNode rule : policy.at("/spec/egress")) {
                Set<Integer> ports = new TreeSet<>();
                rule.path("ports").forEach(port -> ports.add(port.path("port").asInt()));
                String to = rule.path("to").toString();
                assertFalse(ports.isEmpty(), name + ": every egress rule names its ports " + rule);
                if (ports.equals(Set.of(53))) {
                    dns = to.contains("kube-dns");
                } else if (ports.equals(Set.of(9093))) {
                    kafka = to.contains("\"strimzi.io/cluster\":\"shopreviews-kafka\"");
                } else if (ports.equals(Set.of(5432))) {
                    database = to.contains("\"cnpg.io/poolerName\":\"" + pooler + "\"");
                    assertFalse(to.contains("ipBlock"), name + " reaches PostgreSQL by pod only");
                } else {
                    for (JsonNode peer : rule.path("to")) {
                        assertTrue(peer.has("ipBlock"), name + ": the outside world by address only " + rule);
                        String cidr = peer.at("/ipBlock/cidr").asText();
                        Set<String> except = new HashSet<>();
                        peer.at("/ipBlock/except").forEach(range -> except.add(range.asText()));
                        if (ports.equals(Set.of(443, 80))) {
                            assertTrue(except.containsAll(cidr.contains(":") ? v6 : v4),
                                    name + " never reaches private, loopback or link-local ranges: " + cidr + " except " + except);
                        } else {
                            assertEquals(Set.of(25, 465, 587), ports, name + ": only SMTP besides the web " + rule);
                        }
                    }
                    outside.addAll(ports);
                }
            }
            assertTrue(dns, name + " resolves names through kube-dns");
            assertTrue(kafka, name + " reaches the brokers' TLS listener");
            assertTrue(database, name + " reaches its pooler " + pooler);
            Set<Integer> expected = new TreeSet<>();
            if (mails) {
                expected.addAll(Set.of(25, 465, 587));
            }
            if (name.equals("webhooks-service")) {
                expected.addAll(Set.of(80, 443));
            }
            assertEquals(expected, outside, name + " leaves the cluster only for SMTP (if it mails) and webhooks");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void kafkaIsTlsWithScramAndEachServiceMayUseOnlyItsTopics(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        objects.stream().filter(o -> o.path("apiVersion").asText().startsWith("kafka.strimzi.io/"))
                .forEach(o -> assertEquals(STRIMZI_API, o.path("apiVersion").asText(), o.at("/metadata/name").asText()));
        JsonNode kafka = of(objects, "Kafka").get(0);
        assertTrue(kafka.at("/metadata/annotations").isMissingNode(), "no annotations Strimzi ignores (KRaft and node pools are its only mode)");
        assertTrue(kafka.at("/spec/kafka/version").asText().matches("\\d+\\.\\d+\\.\\d+"), "Kafka version pinned");
        assertEquals("simple", kafka.at("/spec/kafka/authorization/type").asText(), "ACLs enforced");
        for (JsonNode listener : kafka.at("/spec/kafka/listeners")) {
            assertTrue(listener.path("tls").asBoolean(), "listener " + listener.path("name").asText() + " is TLS");
            assertEquals("scram-sha-512", listener.at("/authentication/type").asText(), "listener authenticates");
            assertEquals("true", listener.at("/networkPolicyPeers/0/podSelector/matchLabels/shopreviews.dev~1kafka-client").asText(),
                    "only the services' pods reach the listener");
        }
        Map<String, Set<String>> expected = expectedAcls();
        assertEquals(expected.keySet(), names(objects, "KafkaUser"), "a KafkaUser per service");
        for (JsonNode user : of(objects, "KafkaUser")) {
            String name = user.at("/metadata/name").asText();
            assertEquals("scram-sha-512", user.at("/spec/authentication/type").asText());
            assertEquals("simple", user.at("/spec/authorization/type").asText());
            Set<String> acls = new TreeSet<>();
            for (JsonNode acl : user.at("/spec/authorization/acls")) {
                assertTrue(acl.path("host").isMissingNode() || acl.path("host").asText().equals("*"));
                for (JsonNode operation : acl.path("operations")) {
                    acls.add(acl.at("/resource/type").asText() + " " + acl.at("/resource/patternType").asText("literal") + " "
                            + acl.at("/resource/name").asText() + " " + operation.asText());
                }
            }
            assertEquals(expected.get(name), acls, name + "'s ACLs are the topic table's (docs/architecture.md, application.properties)");
            for (String acl : acls) {
                String[] parts = acl.split(" ");
                if (parts[0].equals("topic")) {
                    assertTrue(names(objects, "KafkaTopic").stream().anyMatch(t -> named(objects, "KafkaTopic", t)
                            .at("/spec/topicName").asText().equals(parts[2])), "ACL on a declared topic: " + acl);
                }
            }
            JsonNode deployment = named(objects, "Deployment", name);
            JsonNode container = deployment.at("/spec/template/spec/containers/0");
            JsonNode config = configMap(objects, container);
            assertEquals("SASL_SSL", config.path("KAFKA_SECURITY_PROTOCOL").asText(), name);
            assertEquals("SCRAM-SHA-512", config.path("KAFKA_SASL_MECHANISM").asText(), name);
            assertTrue(config.path("KAFKA_BOOTSTRAP_SERVERS").asText().endsWith(":" + kafka.at("/spec/kafka/listeners/0/port").asText()), name);
            String jaas = "";
            for (JsonNode env : container.path("env")) {
                if (env.path("name").asText().equals("KAFKA_SASL_JAAS_CONFIG")) {
                    jaas = env.at("/valueFrom/secretKeyRef/name").asText() + "/" + env.at("/valueFrom/secretKeyRef/key").asText();
                }
            }
            assertEquals(name + "/sasl.jaas.config", jaas, name + " authenticates as its own KafkaUser (Secret written by Strimzi)");
            String truststore = config.path("KAFKA_SSL_TRUSTSTORE_LOCATION").asText();
            assertTrue(container.path("volumeMounts").toString().contains(truststore.substring(0, truststore.lastIndexOf('/'))),
                    name + " mounts the cluster CA at " + truststore);
            assertTrue(deployment.at("/spec/template/spec/volumes").toString().contains(kafka.at("/metadata/name").asText() + "-cluster-ca-cert"),
                    name + " trusts the cluster CA");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void postgresIsPinnedBackedUpAndPooledWithinItsConnectionBudget(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        JsonNode cluster = of(objects, "Cluster").get(0);
        String clusterName = cluster.at("/metadata/name").asText();
        assertTrue(cluster.at("/spec/imageName").asText().matches(".+:\\d+\\.\\d+-standard-.+"),
                "PostgreSQL major and minor pinned: " + cluster.at("/spec/imageName").asText());
        assertTrue(cluster.at("/spec/backup").isMissingNode(), "no in-tree backup (deprecated, gone in CloudNativePG 1.31)");
        JsonNode plugin = cluster.at("/spec/plugins/0");
        assertEquals("barman-cloud.cloudnative-pg.io", plugin.path("name").asText(), "backups through the Barman Cloud Plugin");
        assertTrue(plugin.path("isWALArchiver").asBoolean(), "the plugin archives the WAL");
        List<JsonNode> stores = of(objects, "ObjectStore");
        assertEquals(1, stores.size(), "one ObjectStore");
        assertEquals(stores.get(0).at("/metadata/name").asText(), plugin.at("/parameters/barmanObjectName").asText(),
                "the Cluster names the ObjectStore that exists");
        JsonNode store = stores.get(0).at("/spec/configuration");
        assertTrue(store.path("destinationPath").asText().startsWith("s3://"), "base backups and WAL to object storage");
        assertTrue(store.path("endpointURL").asText().startsWith("https://"));
        assertFalse(store.at("/s3Credentials/accessKeyId/name").asText().isEmpty(), "object store credentials from a Secret");
        assertFalse(store.at("/s3Credentials/secretAccessKey/name").asText().isEmpty());
        assertTrue(stores.get(0).at("/spec/retentionPolicy").asText().matches("\\d+[dwm]"), "retention policy");
        List<JsonNode> scheduled = of(objects, "ScheduledBackup");
        assertEquals(1, scheduled.size(), "a ScheduledBackup");
        assertEquals(clusterName, scheduled.get(0).at("/spec/cluster/name").asText());
        assertEquals("plugin", scheduled.get(0).at("/spec/method").asText());
        assertEquals("barman-cloud.cloudnative-pg.io", scheduled.get(0).at("/spec/pluginConfiguration/name").asText());
        assertTrue(scheduled.get(0).at("/spec/schedule").asText().matches("\\d+ \\d+ \\d+ \\* \\* \\*"), "daily");

        int poolSize = Integer.parseInt(commonProperty("quarkus.datasource.reactive.max-size"));
        int serverConnections = 0;
        int migrations = 0;
        int listeners = 0;
        for (JsonNode database : of(objects, "Database")) {
            String db = database.at("/spec/name").asText();
            String service = db + "-service";
            JsonNode pooler = of(objects, "Pooler").stream()
                    .filter(p -> p.at("/metadata/name").asText().equals(clusterName + "-pooler-" + db)).findFirst().orElseThrow();
            assertEquals(clusterName, pooler.at("/spec/cluster/name").asText());
            assertEquals("rw", pooler.at("/spec/type").asText());
            assertEquals("transaction", pooler.at("/spec/pgbouncer/poolMode").asText(), db);
            JsonNode parameters = pooler.at("/spec/pgbouncer/parameters");
            assertTrue(parameters.path("max_prepared_statements").asInt() > 0, db + ": PgBouncer tracks the prepared statements");
            int instances = pooler.at("/spec/instances").asInt();
            int perInstance = parameters.path("max_db_connections").asInt();
            assertTrue(perInstance > 0 && parameters.path("default_pool_size").asInt() <= perInstance, db + " caps its server connections");
            serverConnections += instances * perInstance;
            int maxReplicas = hpa(objects, service).at("/spec/maxReplicas").asInt();
            assertTrue(parameters.path("max_client_conn").asInt() >= maxReplicas * poolSize,
                    db + ": one PgBouncer takes every client connection of " + maxReplicas + " replicas x " + poolSize);
            JsonNode container = named(objects, "Deployment", service).at("/spec/template/spec/containers/0");
            assertEquals(pooler.at("/metadata/name").asText(), configMap(objects, container).path("DB_HOST").asText(), service + " uses its pooler");
            JsonNode init = named(objects, "Deployment", service).at("/spec/template/spec/initContainers/0");
            assertTrue(init.path("env").toString().contains("{\"name\":\"DB_HOST\",\"valueFrom\":{\"configMapKeyRef\":{\"key\":\"DB_MIGRATE_HOST\""),
                    service + " migrates on the host of DB_MIGRATE_HOST: " + init.path("env"));
            assertEquals(clusterName + "-rw", configMap(objects, container).path("DB_MIGRATE_HOST").asText(),
                    service + " migrates straight on the primary (Flyway's session-level lock)");
            migrations += maxReplicas * 2;
            assertTrue(container.path("env").toString().contains("{\"name\":\"OUTBOX_LISTEN_HOST\",\"valueFrom\":{\"configMapKeyRef\":{\"key\":\"DB_MIGRATE_HOST\""),
                    service + " listens for outbox notifications on the primary, past the pooler: " + container.path("env"));
            listeners += maxReplicas;
        }
        int maxConnections = cluster.at("/spec/postgresql/parameters/max_connections").asInt();
        int reserved = 3 + 10;
        assertTrue(serverConnections + migrations + listeners + reserved <= maxConnections, "connection budget: "
                + serverConnections + " (poolers) + " + migrations + " (migrations) + " + listeners + " (outbox listeners) + "
                + reserved + " (superuser, operator, monitoring) > " + maxConnections);
    }

    @Test
    void theImageRunsTheLocalSuitesJvmFlagsAndTheClassArchiveOfItsOwnJarAndJdk() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("deploy/docker/Dockerfile.jvm"));
        assertTrue(dockerfile.contains("COPY --chown=185 deploy/jvm.options /deployments/jvm.options"));
        assertTrue(dockerfile.contains("RUN sh /deployments/train-class-archive.sh /deployments"), "archive trained in the image");
        Matcher entrypoint = Pattern.compile("(?m)^ENTRYPOINT \\[\"/bin/sh\", \"-c\", \"(.+)\"]$").matcher(dockerfile);
        assertTrue(entrypoint.find(), "one ENTRYPOINT");
        assertEquals("exec java @/deployments/jvm.options $JAVA_OPTS_APPEND -XX:SharedArchiveFile=/deployments/app.jsa"
                + " -jar /deployments/app.jar", entrypoint.group(1), "java directly, not run-java.sh (its own GC defaults)");
        assertTrue(Files.readString(ROOT.resolve("deploy/local/lib/services.sh")).contains("\"$SR_ROOT/deploy/jvm.options\""),
                "the local suite's default flags are the same file");
        String training = Files.readString(ROOT.resolve("deploy/docker/train-class-archive.sh"));
        assertTrue(training.contains("java \"@$dir/jvm.options\" -XX:ArchiveClassesAtExit=\"$dir/app.jsa\""), "trained with the same flags");
    }

    @Test
    void theBuildContextHoldsOnlyWhatTheDockerfileCopiesAndTheImageSaysWhatItIs() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("deploy/docker/Dockerfile.jvm"));
        List<String> ignore = Files.readAllLines(ROOT.resolve(".dockerignore")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        assertEquals("*", ignore.get(0), "everything is left out unless named");
        Set<String> admitted = ignore.stream().skip(1).map(line -> {
            assertTrue(line.startsWith("!"), "after '*' only exceptions: " + line);
            return line.substring(1);
        }).collect(Collectors.toCollection(TreeSet::new));
        Set<String> copied = new TreeSet<>();
        Matcher copy = Pattern.compile("(?m)^COPY --chown=185 (\\S+) ").matcher(dockerfile);
        while (copy.find()) {
            copied.add(copy.group(1).replace("${SERVICE}/target/${SERVICE}-runner.jar", "*/target/*-runner.jar"));
        }
        assertEquals(copied, admitted, ".dockerignore admits exactly what the Dockerfile copies");
        for (String path : admitted) {
            assertFalse(path.contains(".run") || path.contains("secret") || path.contains(".env"), "nothing secret: " + path);
        }
        for (String label : List.of("title", "licenses", "version", "revision", "created", "source")) {
            assertTrue(dockerfile.contains("org.opencontainers.image." + label + "="), "OCI label " + label);
        }
        assertTrue(dockerfile.contains("USER 185"), "runs as the non-root user");
    }

    @Test
    void theLocalBrokersGrantEachServiceExactlyItsKafkaUsersAcls() throws IOException {
        Map<String, Set<String>> local = new TreeMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("deploy/local/kafka/acls.txt"))) {
            String[] parts = line.replaceFirst("#.*$", "").trim().split("\\s+");
            if (parts.length == 1 && parts[0].isEmpty()) {
                continue;
            }
            assertEquals(5, parts.length, "acls.txt line: " + line);
            for (String operation : parts[4].split(",")) {
                local.computeIfAbsent(parts[0], u -> new TreeSet<>()).add(parts[1] + " " + parts[2] + " " + parts[3] + " " + operation);
            }
        }
        assertEquals(expectedAcls(), local, "deploy/local/kafka/acls.txt grants what the KafkaUsers of deploy/k8s grant");
    }

    /**
     * Each service's ACLs, derived from the code and the design: Write on the topics docs/architecture.md's topic
     * table names it the writer of, Read on the topics its application.properties consumes (which the table's
     * readers must match), Write on each consumed topic's dead letters, Read on its consumer groups.
     */
    private static Map<String, Set<String>> expectedAcls() throws IOException {
        Set<String> services = localServices().keySet();
        Map<String, Set<String>> writes = new TreeMap<>();
        Map<String, Set<String>> readsByDesign = new TreeMap<>();
        Pattern service = Pattern.compile("[a-z]+-service");
        for (String line : Files.readAllLines(ROOT.resolve("docs/architecture.md"))) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.split("\\|");
            Matcher topics = Pattern.compile("`([a-z.-]+)`").matcher(cells[1]);
            while (topics.find()) {
                String topic = topics.group(1);
                assertTrue(Topics.named(topic).isPresent(), "docs/architecture.md names a topic of Topics.java: " + topic);
                Matcher writer = service.matcher(cells[4]);
                while (writer.find()) {
                    writes.computeIfAbsent(writer.group(), s -> new TreeSet<>()).add(topic);
                }
                Set<String> readers = new TreeSet<>();
                if (cells[5].trim().startsWith("all other services")) {
                    readers.addAll(services);
                    Matcher w = service.matcher(cells[4]);
                    while (w.find()) {
                        readers.remove(w.group());
                    }
                } else {
                    Matcher reader = service.matcher(cells[5]);
                    while (reader.find()) {
                        readers.add(reader.group());
                    }
                }
                readsByDesign.put(topic, readers);
            }
        }
        assertEquals(Topics.ALL.stream().map(EventTopic::name).collect(Collectors.toCollection(TreeSet::new)),
                readsByDesign.keySet(), "docs/architecture.md's topic table has every topic of Topics.java");
        Map<String, Set<String>> acls = new TreeMap<>();
        Pattern incoming = Pattern.compile("(?m)^mp\\.messaging\\.incoming\\.[a-z-]+\\.topic=(\\S+)$");
        for (String name : services) {
            Set<String> reads = new TreeSet<>();
            Matcher matcher = incoming.matcher(properties(name));
            while (matcher.find()) {
                reads.add(matcher.group(1));
            }
            for (String topic : readsByDesign.keySet()) {
                assertEquals(readsByDesign.get(topic).contains(name), reads.contains(topic),
                        name + " consumes " + topic + " in application.properties iff docs/architecture.md says so");
            }
            Set<String> acl = new TreeSet<>();
            for (String topic : writes.getOrDefault(name, Set.of())) {
                acl.add("topic literal " + topic + " Write");
                acl.add("topic literal " + topic + " Describe");
            }
            for (String topic : reads) {
                acl.add("topic literal " + topic + " Read");
                acl.add("topic literal " + topic + " Describe");
                acl.add("topic literal " + Topics.deadLettersOf(topic) + " Write");
                acl.add("topic literal " + Topics.deadLettersOf(topic) + " Describe");
            }
            String group = properties(name).lines().filter(l -> l.startsWith("kafka.group.id=")).findFirst().orElseThrow()
                    .substring("kafka.group.id=".length()).trim();
            acl.add("group prefix " + group + " Read");
            acls.put(name, acl);
        }
        return acls;
    }

    private static String commonProperty(String key) throws IOException {
        return Files.readString(ROOT.resolve("common/src/main/resources/shopreviews-common.properties")).lines()
                .filter(l -> l.startsWith(key + "=")).findFirst().orElseThrow().substring(key.length() + 1).trim();
    }

    private static JsonNode hpa(List<JsonNode> objects, String deployment) {
        return of(objects, "HorizontalPodAutoscaler").stream()
                .filter(h -> h.at("/spec/scaleTargetRef/name").asText().equals(deployment)).findFirst().orElseThrow();
    }

    private static JsonNode named(List<JsonNode> objects, String kind, String name) {
        return of(objects, kind).stream().filter(o -> o.at("/metadata/name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(kind + " " + name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "production"})
    void theOperationsGuideListsEverySecretAndKeyTheManifestsReadExceptThoseStrimziWrites(String overlay) throws Exception {
        List<JsonNode> objects = render(overlay);
        Set<String> strimziWrites = new TreeSet<>();
        objects.stream().filter(o -> o.path("kind").asText().equals("KafkaUser"))
                .forEach(user -> strimziWrites.add(user.path("metadata").path("name").asText()));
        Map<String, Set<String>> referenced = new TreeMap<>();
        objects.forEach(object -> collectSecretReferences(object, referenced));
        String guide = Files.readString(ROOT.resolve("docs/operations.md"));
        String section = guide.substring(guide.indexOf("### At a glance: what the manifests need"));
        section = section.substring(0, section.indexOf("\n#", 3));
        assertFalse(referenced.isEmpty());
        for (Map.Entry<String, Set<String>> secret : referenced.entrySet()) {
            String name = secret.getKey();
            if (strimziWrites.contains(name) || name.endsWith("-cluster-ca-cert")) {
                continue;
            }
            String listedAs = name.startsWith("shopreviews-db-") ? "`shopreviews-db-<database>`" : "`" + name + "`";
            String row = section.lines().filter(line -> line.startsWith("| " + listedAs)).findFirst()
                    .orElseThrow(() -> new AssertionError("docs/operations.md's table of Secrets has no row for " + name));
            for (String key : secret.getValue()) {
                assertTrue(row.contains("`" + key + "`"), "docs/operations.md's row of " + name + " names its key " + key);
            }
        }
    }

    /** Secret name -> keys, from env secretKeyRefs, secret volumes, CNPG's s3Credentials and the Gateway's certificates. */
    private static void collectSecretReferences(JsonNode node, Map<String, Set<String>> into) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> {
                JsonNode value = field.getValue();
                switch (field.getKey()) {
                    case "secretKeyRef" -> into.computeIfAbsent(value.path("name").asText(), k -> new TreeSet<>()).add(value.path("key").asText());
                    case "secret" -> {
                        if (value.has("secretName")) {
                            into.computeIfAbsent(value.path("secretName").asText(), k -> new TreeSet<>());
                        }
                    }
                    case "s3Credentials" -> value.fields().forEachRemaining(credential -> {
                        if (credential.getValue().has("name")) {
                            into.computeIfAbsent(credential.getValue().path("name").asText(), k -> new TreeSet<>())
                                    .add(credential.getValue().path("key").asText());
                        }
                    });
                    case "certificateRefs" -> value.forEach(ref -> into.computeIfAbsent(ref.path("name").asText(), k -> new TreeSet<>()));
                    default -> { }
                }
                collectSecretReferences(value, into);
            });
        } else if (node.isArray()) {
            node.forEach(element -> collectSecretReferences(element, into));
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

    /** deploy/local/routes.tsv's routes as "match path service[ upstream]". */
    private static Set<String> localRoutes() throws IOException {
        return Files.readAllLines(ROOT.resolve("deploy/local/routes.tsv")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> String.join(" ", line.split("\t")))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static List<JsonNode> render(String overlay) throws IOException, InterruptedException {
        return renderPath(ROOT.resolve("deploy/k8s/overlays/" + overlay));
    }

    private static List<JsonNode> renderPath(Path kustomization) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("kubectl", "kustomize", kustomization.toString())
                .redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertEquals(0, process.waitFor(), "kubectl kustomize " + kustomization + ": " + new String(out));
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
