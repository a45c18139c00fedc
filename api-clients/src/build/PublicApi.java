import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds the ONE OpenAPI document of the public API from the five services' documents that Quarkus stores at build
 * time (quarkus.smallrye-openapi.store-schema-directory): the operations of operations.tsv, each with its
 * operationId, the API code (or partner token) as a security scheme instead of a query parameter, and the schemas
 * they use (a name two services use for different schemas is prefixed with the service's name).
 * Run by Maven (api-clients/pom.xml) as a single-file program:
 *   java -cp jackson PublicApi.java out.json operations.tsv service-a/openapi.json service-b/openapi.json ...
 */
public class PublicApi {
    static final List<String> PUBLIC = List.of("/api/", "/partner_api/", "/webshops/fetch_domain.json", "/webshops/rich_snippet");
    static final Set<String> METHODS = Set.of("get", "post", "put", "delete", "patch");
    static final Set<String> CREDENTIALS = Set.of("code", "public_code", "token");
    static final String REF = "#/components/schemas/";
    static final Pattern SERVICE = Pattern.compile("([a-z]+)-service");
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    record Listed(String operationId, String security) {
    }

    record Selected(String service, String path, String method, ObjectNode operation) {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Map<String, Listed> listed = table(Path.of(args[1]));
        List<String> problems = new ArrayList<>();
        List<Selected> selected = new ArrayList<>();
        Map<String, ObjectNode> schemasByService = new LinkedHashMap<>();
        Set<String> found = new TreeSet<>();
        for (int i = 2; i < args.length; i++) {
            Path document = Path.of(args[i]);
            Matcher name = SERVICE.matcher(document.toString());
            if (!Files.exists(document) || !name.find()) {
                throw new IllegalStateException("no OpenAPI document at " + document + " (build the services first)");
            }
            String service = name.group(1);
            JsonNode doc = JSON.readTree(document.toFile());
            schemasByService.put(service, (ObjectNode) doc.path("components").path("schemas"));
            doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
                if (!METHODS.contains(op.getKey()) || PUBLIC.stream().noneMatch(path.getKey()::startsWith)) {
                    return;
                }
                String key = op.getKey().toUpperCase() + " " + path.getKey();
                found.add(key);
                Listed entry = listed.get(key);
                if (entry == null) {
                    problems.add(key + " (" + service + "-service) is public but not in operations.tsv");
                } else if (!entry.operationId().equals("-")) {
                    ObjectNode operation = publicOperation((ObjectNode) op.getValue().deepCopy(), entry, service);
                    dropQueryAliasesOfBodyFields(operation, doc.path("components").path("schemas"));
                    selected.add(new Selected(service, path.getKey(), op.getKey(), operation));
                }
            }));
        }
        listed.keySet().stream().filter(key -> !found.contains(key))
                .forEach(key -> problems.add(key + " is in operations.tsv but no service has it"));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("public API: " + String.join("; ", problems));
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        JSON.writeValue(out.toFile(), document(selected, schemasByService));
    }

    static Map<String, Listed> table(Path file) throws IOException {
        Map<String, Listed> listed = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] column = line.split("\t");
            listed.put(column[0] + " " + column[1], new Listed(column[2], column[3]));
        }
        return listed;
    }

    /** The operation as the clients see it: named, credentials as security, one form encoding, no bracket aliases. */
    static ObjectNode publicOperation(ObjectNode operation, Listed entry, String service) {
        operation.put("operationId", entry.operationId());
        operation.putArray("tags").add(service);
        if (operation.has("parameters")) {
            ArrayNode kept = JSON.createArrayNode();
            operation.withArray("parameters").forEach(p -> {
                if (!("query".equals(p.path("in").asText()) && CREDENTIALS.contains(p.path("name").asText()))) {
                    kept.add(p);
                }
            });
            operation.set("parameters", kept);
        }
        ArrayNode security = operation.putArray("security");
        if (!entry.security().equals("none")) {
            for (String scheme : entry.security().split("\\|")) {
                security.addObject().putArray(scheme);
            }
        }
        JsonNode content = operation.path("requestBody").path("content");
        if (content instanceof ObjectNode media) {
            String kept = bodyType(media);
            media.retain(kept);
            if (media.path(kept).path("schema") instanceof ObjectNode schema && schema.has("$ref")) {
                schema.retain("$ref");
            }
        }
        return operation;
    }

    /**
     * A query parameter named like a field of the body is an alias some clients use (max_invitations_per_email):
     * a generated client sends the body's field, so it gets one argument for it.
     */
    static void dropQueryAliasesOfBodyFields(ObjectNode operation, JsonNode schemas) {
        JsonNode body = operation.path("requestBody").path("content");
        if (!body.isObject() || body.isEmpty() || !operation.has("parameters")) {
            return;
        }
        JsonNode schema = body.elements().next().path("schema");
        String ref = schema.path("$ref").asText("");
        JsonNode fields = (ref.startsWith(REF) ? schemas.path(ref.substring(REF.length())) : schema).path("properties");
        ArrayNode kept = JSON.createArrayNode();
        operation.withArray("parameters").forEach(p -> {
            if (!("query".equals(p.path("in").asText()) && fields.has(p.path("name").asText()))) {
                kept.add(p);
            }
        });
        operation.set("parameters", kept);
    }

    /**
     * One encoding per body, so that a client has one method with one typed body: the form with its named schema
     * (add invitation, spec 4.1), else JSON, else the form, else the first.
     */
    static String bodyType(ObjectNode media) {
        String form = "application/x-www-form-urlencoded";
        if (media.path(form).path("schema").has("$ref")) {
            return form;
        }
        for (String type : List.of("application/json", form)) {
            if (media.has(type)) {
                return type;
            }
        }
        return media.fieldNames().next();
    }

    static ObjectNode document(List<Selected> selected, Map<String, ObjectNode> schemasByService) {
        Map<String, JsonNode> schemas = new TreeMap<>();
        Map<String, Map<String, String>> renames = new HashMap<>();
        for (String service : schemasByService.keySet()) {
            Map<String, String> rename = new HashMap<>();
            renames.put(service, rename);
            for (String name : used(service, selected, schemasByService.get(service))) {
                JsonNode schema = withoutBracketAliases(schemasByService.get(service).get(name).deepCopy());
                String publicName = name;
                if (schemas.containsKey(name) && !sameAfterRenames(schemas.get(name), schema)) {
                    publicName = Character.toUpperCase(service.charAt(0)) + service.substring(1) + name;
                }
                rename.put(name, publicName);
                schemas.put(publicName, schema);
            }
        }
        ObjectNode doc = JSON.createObjectNode();
        doc.put("openapi", "3.1.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Shop reviews: public API");
        info.put("version", "1.0");
        info.put("description", "The platform's HTTP API for shop backends, partners and shop software (spec sections 4.1-4.11 "
                + "and the documented extensions). Authenticate with the webshop id (query id) and its API code (query code).");
        info.putObject("license").put("name", "Apache-2.0").put("identifier", "Apache-2.0");
        doc.putArray("servers").addObject().put("url", "https://reviews.example.com")
                .put("description", "your installation's base_url");
        ObjectNode paths = doc.putObject("paths");
        selected.stream().sorted((a, b) -> (a.path() + a.method()).compareTo(b.path() + b.method())).forEach(s -> {
            rewriteRefs(s.operation(), renames.get(s.service()));
            ObjectNode path = paths.has(s.path()) ? (ObjectNode) paths.get(s.path()) : paths.putObject(s.path());
            path.set(s.method(), s.operation());
        });
        ObjectNode components = doc.putObject("components");
        ObjectNode schemaNode = components.putObject("schemas");
        // The renames apply inside each service's schemas too.
        for (Map.Entry<String, Map<String, String>> service : renames.entrySet()) {
            for (String publicName : service.getValue().values()) {
                rewriteRefs(schemas.get(publicName), service.getValue());
            }
        }
        schemas.forEach(schemaNode::set);
        ObjectNode schemes = components.putObject("securitySchemes");
        scheme(schemes, "apiCode", "code", "The webshop's personal API code (spec 5.2), with the webshop id in the query parameter id.");
        scheme(schemes, "publicCode", "public_code", "The webshop's public code, for browser JavaScript (spec 5.3).");
        scheme(schemes, "partnerToken", "token", "A partner token issued by the operator (spec 5.4).");
        return doc;
    }

    static void scheme(ObjectNode schemes, String name, String parameter, String description) {
        schemes.putObject(name).put("type", "apiKey").put("in", "query").put("name", parameter).put("description", description);
    }

    /** The schemas the selected operations of one service use, directly or through other schemas. */
    static Set<String> used(String service, List<Selected> selected, ObjectNode schemas) {
        Set<String> used = new TreeSet<>();
        Deque<JsonNode> todo = new ArrayDeque<>();
        selected.stream().filter(s -> s.service().equals(service)).forEach(s -> todo.add(s.operation()));
        while (!todo.isEmpty()) {
            for (String name : refs(todo.pop())) {
                if (used.add(name) && schemas != null && schemas.has(name)) {
                    todo.add(schemas.get(name));
                }
            }
        }
        used.removeIf(name -> schemas == null || !schemas.has(name));
        return used;
    }

    static List<String> refs(JsonNode node) {
        List<String> found = new ArrayList<>();
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> {
                if (field.getKey().equals("$ref") && field.getValue().asText().startsWith(REF)) {
                    found.add(field.getValue().asText().substring(REF.length()));
                } else {
                    found.addAll(refs(field.getValue()));
                }
            });
        } else if (node.isArray()) {
            node.forEach(item -> found.addAll(refs(item)));
        }
        return found;
    }

    static void rewriteRefs(JsonNode node, Map<String, String> rename) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            List<String> refKeys = new ArrayList<>();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("$ref")) {
                    refKeys.add(field.getKey());
                } else {
                    rewriteRefs(field.getValue(), rename);
                }
            }
            for (String key : refKeys) {
                String ref = object.get(key).asText();
                if (ref.startsWith(REF) && rename.containsKey(ref.substring(REF.length()))) {
                    object.put(key, REF + rename.get(ref.substring(REF.length())));
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(item -> rewriteRefs(item, rename));
        }
    }

    /**
     * PHP's {@code phone_numbers[]} is accepted on the wire, as is the plain repeated {@code phone_numbers}: a client
     * library names the plain field (a form array is sent repeated, OpenAPI's default explode).
     */
    static JsonNode withoutBracketAliases(JsonNode schema) {
        if (schema.path("properties") instanceof ObjectNode properties && schema instanceof ObjectNode object) {
            ObjectNode renamed = JSON.createObjectNode();
            properties.fields().forEachRemaining(field -> {
                String wire = field.getKey();
                boolean alias = wire.contains("[");
                String name = alias ? wire.substring(0, wire.indexOf('[')) : wire;
                if (!(alias && properties.has(name)) && !renamed.has(name)) {
                    renamed.set(name, field.getValue());
                }
            });
            object.set("properties", renamed);
        }
        return schema;
    }

    static boolean sameAfterRenames(JsonNode a, JsonNode b) {
        return a.equals(b);
    }
}
