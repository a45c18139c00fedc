package dev.shopreviews.partner.partnerapi.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.partner.Partner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.partnerapi.service.PartnerProfileSchema;
import dev.shopreviews.partner.partnerapi.service.PartnerProfileSchema.Violation;
import dev.shopreviews.partner.partnerapi.service.PartnerProfiles;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.List;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.11: create partner profile (the partner token is checked by common security, PartnerTokenCheck). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.PARTNER)
@Path("/partner_api/create")
@Produces(MediaType.APPLICATION_JSON)
public class PartnerApiResource {
    static final String CREATED = "Webshop profile created";
    static final String ALREADY_EXISTS = "Webshop profile already exists for this source and id; the API code was shown when it was created";
    static final String INVALID = "The partner profile does not match the schema.";

    private final SecurityIdentity identity;
    private final PartnerProfileSchema schema;
    private final PartnerProfiles profiles;
    private final ObjectMapper mapper;

    public PartnerApiResource(SecurityIdentity identity, PartnerProfileSchema schema, PartnerProfiles profiles,
                              ObjectMapper mapper) {
        this.identity = identity;
        this.schema = schema;
        this.profiles = profiles;
        this.mapper = mapper;
    }

    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Webshop profile created\",\"data\":{\"webshop_id\":1001,\"code\":\"k3Jx9QmT2vLp8RwZ4nYb6cHd\",\"public_code\":\"p7Gh2Ks9\"}}";
    static final String EXAMPLE_400 = "{\"status\":\"error\",\"message\":\"The partner profile does not match the schema.\",\"errors\":[{\"path\":\"$.addresses.shop.country\",\"reason\":\"$.addresses.shop.country: is missing but it is required\"}]}";

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a webshop profile for a partner (spec 4.11, partner token)",
            description = "The body is the partner profile of the spec (source, id, url, addresses, language, assurance, …); "
                    + "every schema violation is listed. The same source and id again answers the same webshop_id, code null.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "profile",
            value = "{\"source\":\"acme-commerce\",\"id\":\"shop-77\",\"url\":\"https://shop.example\",\"language\":\"nl\",\"addresses\":{\"shop\":{\"street\":\"Kerkstraat\",\"housenumber\":\"12\",\"postalcode\":\"1017 GC\",\"city\":\"Amsterdam\",\"country\":\"NL\"}},\"assurance\":{\"status\":true}}")))
    @APIResponse(responseCode = "200", description = "Created (the only time the API code is shown), or already created.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = PartnerAnswers.ProfileCreated.class),
                    examples = @ExampleObject(name = "created", value = EXAMPLE)))
    @APIResponse(responseCode = "400", description = "Malformed JSON or schema violations, each listed.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PartnerAnswers.ProfileInvalid.class),
            examples = @ExampleObject(name = "country missing", value = EXAMPLE_400)))
    @APIResponse(responseCode = "401", description = "Missing, unknown or revoked partner token.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no token", value = "{\"status\":\"error\",\"message\":\"Invalid or missing token.\"}")))
    @Parameter(name = "token", in = ParameterIn.QUERY, description = "the partner token",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> create(String body) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            Partner partner = Callers.partner(identity);
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
            if (!partner.name().equals(profile.get("source").asText())) {
                return Uni.createFrom().item(invalid(List.of(new Violation("$.source",
                        "$.source: must be the name your partner token was issued for"))));
            }
            return profiles.create(profile, partner).map(PartnerApiResource::created);
        }), ErrorBody.PLAIN);
    }

    private static Response created(IssuedWebshop issued) {
        return Envelope.ok(PartnerAnswers.ProfileCreated.of(issued));
    }

    private static Response invalid(List<Violation> violations) {
        return Envelope.json(400, PartnerAnswers.ProfileInvalid.of(violations));
    }
}
