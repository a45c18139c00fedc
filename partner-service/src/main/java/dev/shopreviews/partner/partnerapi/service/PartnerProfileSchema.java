package dev.shopreviews.partner.partnerapi.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;

/** Validates a partner profile against schemas/partner-profile.schema.json (spec 2.10) with networknt. */
@ApplicationScoped
public class PartnerProfileSchema {
    public record Violation(String path, String reason) {
    }

    private final JsonSchema schema;

    public PartnerProfileSchema() {
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        try (InputStream in = getClass().getResourceAsStream("/schemas/partner-profile.schema.json")) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in, config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every violation, ordered by path; empty when the profile is valid. */
    public List<Violation> violations(JsonNode profile) {
        return schema.validate(profile).stream()
                .map(message -> new Violation(jsonPath(message.getInstanceLocation().toString()), message.getMessage()))
                .sorted(Comparator.comparing(Violation::path).thenComparing(Violation::reason))
                .toList();
    }

    /** Writes the library's JSON pointer ("/addresses/shop/0") as a JSON path ("$.addresses.shop[0]"). */
    static String jsonPath(String location) {
        if (location.startsWith("$")) {
            return location;
        }
        StringBuilder path = new StringBuilder("$");
        for (String token : location.split("/")) {
            if (token.isEmpty()) {
                continue;
            }
            String name = token.replace("~1", "/").replace("~0", "~");
            path.append(name.chars().allMatch(Character::isDigit) ? "[" + name + "]" : "." + name);
        }
        return path.toString();
    }
}
