package dev.shopreviews.partner.partnerapi.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.partner.partnerapi.service.PartnerProfileSchema;
import dev.shopreviews.partner.partnerapi.service.PartnerProfileSchema.Violation;
import dev.shopreviews.partner.partnerapi.service.PartnerProfiles;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.11: create partner profile. */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/partner_api/create")
@Produces(MediaType.APPLICATION_JSON)
public class PartnerApiResource {
    static final String CREATED = "Webshop profile created";
    static final String ALREADY_EXISTS = "Webshop profile already exists for this source and id; the API code was shown when it was created";
    static final String INVALID = "The partner profile does not match the schema.";

    private final PartnerTokens tokens;
    private final PartnerProfileSchema schema;
    private final PartnerProfiles profiles;
    private final ObjectMapper mapper;

    public PartnerApiResource(PartnerTokens tokens, PartnerProfileSchema schema, PartnerProfiles profiles, ObjectMapper mapper) {
        this.tokens = tokens;
        this.schema = schema;
        this.profiles = profiles;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@QueryParam("token") String token, String body) {
        return Envelope.guard(tokens.partnerOf(token).chain(partner -> {
            JsonNode profile;
            try {
                profile = mapper.readTree(body == null ? "" : body);
            } catch (JsonProcessingException e) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$", "body is not valid JSON"))));
            }
            if (profile == null || profile.isMissingNode()) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$", "body is empty"))));
            }
            List<Violation> violations = schema.violations(profile);
            if (!violations.isEmpty()) {
                return Uni.createFrom().item(invalid(violations));
            }
            if (!profile.get("id").isValueNode() || profile.get("id").isNull()) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$.id", "$.id: must be a string or number"))));
            }
            if (profile.get("id").asText().length() > 255 || profile.get("source").asText().length() > 255) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$.id", "$.id and $.source: at most 255 characters"))));
            }
            String text = TextInput.jsonProblem(profile);
            if (text != null) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$", text))));
            }
            // The token names the partner: a profile can only be created under the caller's own name.
            if (!partner.equals(profile.get("source").asText())) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$.source",
                        "$.source: must be the name your partner token was issued for"))));
            }
            return profiles.create(profile, partner).map(PartnerApiResource::created);
        }), Map.of());
    }

    private static Response created(IssuedWebshop issued) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("webshop_id", issued.webshopId());
        data.put("code", issued.code());
        data.put("public_code", issued.publicCode());
        return Envelope.success(issued.created() ? CREATED : ALREADY_EXISTS, Map.of("data", data));
    }

    private static Response invalid(List<Violation> violations) {
        return Envelope.error(400, INVALID, Map.of("errors", violations));
    }
}
