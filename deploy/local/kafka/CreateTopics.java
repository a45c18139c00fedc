// Creates the suite's Kafka topics declared in topics.txt (idempotent), and optionally checks the broker.
//
// Run as a single-file program with the broker's libraries on the class path:
//   java -cp 'deploy/local/.cache/kafka-libs/*' deploy/local/kafka/CreateTopics.java <bootstrap> [topics.txt]
//        [--client-config admin-client.properties] [--acls acls.txt --credentials credentials.properties] [--check] [--list]
//
//   <bootstrap>  e.g. 127.0.0.1:9092
//   topics.txt   default: deploy/local/kafka/topics.txt, else ./topics.txt
//   --client-config  the admin's client properties (security.protocol, sasl.*), also used by --check
//   --acls, --credentials  creates each user of acls.txt as a SCRAM-SHA-512 user with its password from the
//                credentials file (user=password lines) and makes its ACLs exactly those of acls.txt (missing ones
//                added, others of that user removed)
//   --check      also produce one record to a temporary topic, consume it back, delete the topic
//   --list       print the topics the broker has (name, partitions, non-default configs)
//
// Line format of topics.txt: <name> <partitions> [<config>=<value>,...]; '#' starts a comment.
// Replication factor is 1 (single broker). Existing topics are kept (TopicExistsException is ignored);
// their declared configs are set again so the file stays the truth.

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class CreateTopics {

    record TopicSpec(String name, int partitions, Map<String, String> configs) {}

    private static final short REPLICATION = 1;
    private static final long READY_TIMEOUT_MS = 90_000;

    public static void main(String[] args) throws Exception {
        String bootstrap = null;
        Path file = null;
        boolean check = false;
        boolean list = false;
        Path clientConfig = null;
        Path acls = null;
        Path credentials = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--client-config" -> clientConfig = Path.of(args[++i]);
                case "--acls" -> acls = Path.of(args[++i]);
                case "--credentials" -> credentials = Path.of(args[++i]);
                case "--check" -> check = true;
                case "--list" -> list = true;
                case "-h", "--help" -> { usage(); return; }
                default -> {
                    if (bootstrap == null) bootstrap = arg;
                    else if (file == null) file = Path.of(arg);
                    else { usage(); System.exit(2); }
                }
            }
        }
        if (bootstrap == null) { usage(); System.exit(2); }
        if (file == null) {
            file = Files.exists(Path.of("deploy/local/kafka/topics.txt"))
                    ? Path.of("deploy/local/kafka/topics.txt") : Path.of("topics.txt");
        }
        List<TopicSpec> specs = parse(file);

        if ((acls == null) != (credentials == null)) { usage(); System.exit(2); }
        Properties security = new Properties();
        if (clientConfig != null) {
            try (var in = Files.newBufferedReader(clientConfig, StandardCharsets.UTF_8)) {
                security.load(in);
            }
        }
        Properties props = new Properties();
        props.putAll(security);
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "shopreviews-create-topics");
        try (Admin admin = Admin.create(props)) {
            createAll(admin, specs);
            Set<String> present = admin.listTopics().names().get(20, TimeUnit.SECONDS);
            List<String> missing = specs.stream().map(TopicSpec::name).filter(n -> !present.contains(n)).toList();
            if (!missing.isEmpty()) {
                System.err.println("ERROR: topics missing after creation: " + missing);
                System.exit(1);
            }
            System.out.println("topics ready on " + bootstrap + ": " + specs.size() + " declared in " + file);
            if (acls != null) Identities.apply(admin, acls, credentials);
            if (list) list(admin);
            if (check) check(admin, bootstrap, security);
        }
    }

    private static void usage() {
        System.err.println("usage: java -cp 'kafka-libs/*' CreateTopics.java <bootstrap> [topics.txt] [--client-config F]"
                + " [--acls acls.txt --credentials F] [--check] [--list]");
    }

    static List<TopicSpec> parse(Path file) throws Exception {
        List<TopicSpec> specs = new ArrayList<>();
        int lineNo = 0;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            String line = raw.replaceFirst("#.*$", "").trim();
            if (line.isEmpty()) continue;
            String[] parts = line.split("\\s+");
            if (parts.length < 2 || parts.length > 3) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected '<name> <partitions> [k=v,...]'");
            }
            Map<String, String> configs = new LinkedHashMap<>();
            if (parts.length == 3) {
                for (String kv : parts[2].split(",")) {
                    int eq = kv.indexOf('=');
                    if (eq <= 0) throw new IllegalArgumentException(file + ":" + lineNo + ": bad config '" + kv + "'");
                    configs.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
            specs.add(new TopicSpec(parts[0], Integer.parseInt(parts[1]), configs));
        }
        if (specs.isEmpty()) throw new IllegalArgumentException(file + ": no topics declared");
        return specs;
    }

    /** Creates what is missing; retries while the broker is still starting (no broker registered yet, timeouts). */
    static void createAll(Admin admin, List<TopicSpec> specs) throws Exception {
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
        List<TopicSpec> todo = new ArrayList<>(specs);
        Exception last = null;
        while (!todo.isEmpty()) {
            List<NewTopic> newTopics = todo.stream()
                    .map(s -> new NewTopic(s.name(), s.partitions(), REPLICATION).configs(s.configs()))
                    .toList();
            var result = admin.createTopics(newTopics).values();
            List<TopicSpec> retry = new ArrayList<>();
            for (TopicSpec spec : todo) {
                try {
                    result.get(spec.name()).get(30, TimeUnit.SECONDS);
                    System.out.println("  created " + describe(spec));
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof TopicExistsException) {
                        System.out.println("  exists  " + describe(spec));
                        alignExisting(admin, spec);
                    } else {
                        last = e;
                        retry.add(spec);
                    }
                } catch (java.util.concurrent.TimeoutException e) {
                    last = e;
                    retry.add(spec);
                }
            }
            todo = retry;
            if (!todo.isEmpty()) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("could not create topics " + todo.stream().map(TopicSpec::name).toList()
                            + " within " + READY_TIMEOUT_MS / 1000 + "s", last);
                }
                TimeUnit.SECONDS.sleep(1); // broker still starting: try again
            }
        }
    }

    /** Re-applies the declared configs of an existing topic and warns when it has fewer partitions than declared. */
    static void alignExisting(Admin admin, TopicSpec spec) throws Exception {
        TopicDescription d = admin.describeTopics(List.of(spec.name())).allTopicNames().get(20, TimeUnit.SECONDS).get(spec.name());
        if (d != null && d.partitions().size() != spec.partitions()) {
            System.out.println("  WARNING: " + spec.name() + " has " + d.partitions().size() + " partitions, topics.txt declares "
                    + spec.partitions() + " (not changed: repartitioning moves keys)");
        }
        if (spec.configs().isEmpty()) return;
        ConfigResource res = new ConfigResource(ConfigResource.Type.TOPIC, spec.name());
        Collection<AlterConfigOp> ops = spec.configs().entrySet().stream()
                .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET))
                .toList();
        admin.incrementalAlterConfigs(Map.of(res, ops)).all().get(20, TimeUnit.SECONDS);
    }

    static String describe(TopicSpec s) {
        return s.name() + " (partitions=" + s.partitions() + (s.configs().isEmpty() ? "" : ", " + s.configs()) + ")";
    }

    static void list(Admin admin) throws Exception {
        Set<String> names = new TreeSet<>(admin.listTopics().names().get(20, TimeUnit.SECONDS));
        Map<String, TopicDescription> descs = admin.describeTopics(names).allTopicNames().get(20, TimeUnit.SECONDS);
        List<ConfigResource> resources = names.stream().map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n)).toList();
        Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get(20, TimeUnit.SECONDS);
        for (String n : names) {
            StringBuilder sb = new StringBuilder();
            for (ConfigEntry e : configs.get(new ConfigResource(ConfigResource.Type.TOPIC, n)).entries()) {
                if (e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG) {
                    sb.append(sb.isEmpty() ? "" : ",").append(e.name()).append('=').append(e.value());
                }
            }
            System.out.printf("  %-24s partitions=%d %s%n", n, descs.get(n).partitions().size(), sb);
        }
    }

    /** Produces one record to a temporary topic, reads it back, deletes the topic. */
    static void check(Admin admin, String bootstrap, Properties security) throws Exception {
        String topic = "_local.selfcheck." + UUID.randomUUID();
        String value = "ping-" + System.nanoTime();
        admin.createTopics(List.of(new NewTopic(topic, 1, REPLICATION))).all().get(30, TimeUnit.SECONDS);
        try {
            Properties p = new Properties();
            p.putAll(security);
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                producer.send(new ProducerRecord<>(topic, "k", value)).get(30, TimeUnit.SECONDS);
            }
            Properties c = new Properties();
            c.putAll(security);
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
                TopicPartition tp = new TopicPartition(topic, 0);
                consumer.assign(List.of(tp));
                consumer.seekToBeginning(List.of(tp));
                long deadline = System.currentTimeMillis() + 30_000;
                while (System.currentTimeMillis() < deadline) {
                    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                        if (value.equals(r.value())) {
                            System.out.println("produce/consume check ok (" + topic + ")");
                            return;
                        }
                    }
                }
            }
            throw new IllegalStateException("produced record not consumed back within 30s");
        } finally {
            admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
        }
    }
}

/** The users of acls.txt as SCRAM-SHA-512 users with exactly the ACLs the file grants them. */
class Identities {
    private static final int SCRAM_ITERATIONS = 8192;

    static void apply(Admin admin, Path aclsFile, Path credentialsFile) throws Exception {
        Map<String, List<AclBinding>> wanted = parse(aclsFile);
        Properties passwords = new Properties();
        try (var in = Files.newBufferedReader(credentialsFile, StandardCharsets.UTF_8)) {
            passwords.load(in);
        }
        List<UserScramCredentialAlteration> users = new ArrayList<>();
        for (String user : wanted.keySet()) {
            String password = passwords.getProperty(user);
            if (password == null || password.isBlank()) {
                throw new IllegalArgumentException(credentialsFile + " has no password for " + user);
            }
            users.add(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, SCRAM_ITERATIONS), password));
        }
        admin.alterUserScramCredentials(users).all().get(30, TimeUnit.SECONDS);
        List<AclBinding> declared = wanted.values().stream().flatMap(List::stream).toList();
        admin.createAcls(declared).all().get(30, TimeUnit.SECONDS);
        List<AclBindingFilter> stale = new ArrayList<>();
        for (AclBinding existing : admin.describeAcls(AclBindingFilter.ANY).values().get(30, TimeUnit.SECONDS)) {
            if (!declared.contains(existing)) stale.add(existing.toFilter());
        }
        if (!stale.isEmpty()) admin.deleteAcls(stale).all().get(30, TimeUnit.SECONDS);
        System.out.println("users ready: " + wanted.keySet().size() + " (SCRAM-SHA-512), " + declared.size()
                + " ACLs from " + aclsFile + (stale.isEmpty() ? "" : ", " + stale.size() + " others removed"));
    }

    static Map<String, List<AclBinding>> parse(Path file) throws Exception {
        Map<String, List<AclBinding>> acls = new LinkedHashMap<>();
        int lineNo = 0;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            String line = raw.replaceFirst("#.*$", "").trim();
            if (line.isEmpty()) continue;
            String[] parts = line.split("\\s+");
            if (parts.length != 5) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected '<user> <type> <pattern> <name> <operations>'");
            }
            // Strimzi's names: "literal" and "prefix" (Kafka's PREFIXED).
            PatternType pattern = parts[2].equals("prefix") ? PatternType.PREFIXED : PatternType.fromString(parts[2].toUpperCase(Locale.ROOT));
            ResourcePattern resource = new ResourcePattern(ResourceType.fromString(parts[1].toUpperCase(Locale.ROOT)), parts[3], pattern);
            if (resource.resourceType() == ResourceType.UNKNOWN || resource.patternType() == PatternType.UNKNOWN) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": unknown resource or pattern type");
            }
            for (String operation : parts[4].split(",")) {
                AclOperation op = AclOperation.fromString(operation.toUpperCase(Locale.ROOT));
                if (op == AclOperation.UNKNOWN) throw new IllegalArgumentException(file + ":" + lineNo + ": unknown operation " + operation);
                acls.computeIfAbsent(parts[0], u -> new ArrayList<>()).add(new AclBinding(resource,
                        new AccessControlEntry("User:" + parts[0], "*", op, AclPermissionType.ALLOW)));
            }
        }
        return acls;
    }
}
