package dev.shopreviews.invitations.erasure.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.erasure.service.ErasureRequests;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * A shop, as data controller, erases one customer at its own webshop (an extension of the spec, docs/api-notes.md):
 * id/code as every shop endpoint, field {@code email} as a form field (like adding an invitation) or in a JSON
 * object. Checks in this order: id and code present (400), credentials (401; both by the framework: api-code), the
 * address (400).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/customer_erasure.json")
@Produces(MediaType.APPLICATION_JSON)
public class CustomerErasureResource {
    static final String NOT_AN_OBJECT = "Invalid request body: expected a form field email or a JSON object {\"email\": …}.";

    private final SecurityIdentity identity;
    private final ErasureRequests erasures;
    private final ObjectMapper mapper;

    public CustomerErasureResource(SecurityIdentity identity, ErasureRequests erasures, ObjectMapper mapper) {
        this.identity = identity;
        this.erasures = erasures;
        this.mapper = mapper;
    }

    @POST
    @RolesAllowed(Roles.SHOP)
    @Consumes({MediaType.APPLICATION_FORM_URLENCODED, MediaType.MULTIPART_FORM_DATA})
    @Operation(summary = "Erase one customer's data at the webshop (form field email)",
            description = "Everything stored about the address at this webshop, in every service (invitations, consents, "
                    + "reviews, order confirmations, webhook deliveries, review links), is erased within a minute; the "
                    + "address is never invited by this webshop again. Form field (application/x-www-form-urlencoded or "
                    + "multipart/form-data): email (required). The same body as JSON is accepted too.")
    @APIResponse(responseCode = "200", description = "The erasure is requested; the reference names it.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErasureRequested.class),
            examples = @ExampleObject(name = "requested", value = ErasureRequested.EXAMPLE)))
    @APIResponse(responseCode = "400", description = "id, code or email missing, or the address invalid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = {@ExampleObject(name = "no e-mail", value = "{\"status\":\"error\",\"message\":\"The email address is missing.\"}"),
                    @ExampleObject(name = "bad e-mail", value = "{\"status\":\"error\",\"message\":\"The email address is not valid.\"}")}))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "wrong code", value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}")))
    public Uni<Response> eraseForm(@Parameter(description = "webshop id") @RestQuery String id,
                                   @Parameter(description = "the webshop's API code") @RestQuery String code,
                                   @Parameter(description = "the customer's e-mail address") @RestForm String email) {
        return erase(id, code, () -> email);
    }

    @POST
    @RolesAllowed(Roles.SHOP)
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Erase one customer's data at the webshop (JSON body {\"email\": …})",
            description = "As the form variant, with the body {\"email\":\"anna@example.com\"}.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = EmailBody.class),
            examples = @ExampleObject(name = "one address", value = "{\"email\":\"anna@example.com\"}")))
    @APIResponse(responseCode = "200", description = "The erasure is requested; the reference names it.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErasureRequested.class),
            examples = @ExampleObject(name = "requested", value = ErasureRequested.EXAMPLE)))
    @APIResponse(responseCode = "400", description = "id, code or email missing, the body no JSON object, or the address invalid.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "bad e-mail", value = "{\"status\":\"error\",\"message\":\"The email address is not valid.\"}")))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "wrong code", value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}")))
    public Uni<Response> eraseJson(@Parameter(description = "webshop id") @RestQuery String id,
                                   @Parameter(description = "the webshop's API code") @RestQuery String code,
                                   String body) {
        return erase(id, code, () -> EmailBody.read(mapper, body, NOT_AN_OBJECT));
    }

    private Uni<Response> erase(String id, String code, java.util.function.Supplier<String> email) {
        long webshop = Callers.shop(identity).id;
        return Envelope.guard(Uni.createFrom().deferred(() -> {
                            String address = ErasureRequests.checkedEmail(email.get());
                            return erasures.requestByShop(address, webshop);
                        })
                        .map(reference -> Envelope.ok(ErasureRequested.atShop(reference))),
                ErrorBody.PLAIN);
    }

    /** The JSON body {@code {"email": …}} of the erasure endpoints. */
    public record EmailBody(@Schema(description = "the customer's e-mail address", example = "anna@example.com") String email) {
        /** The email field of a JSON object body (null when absent); 400 when the body is no object or email no string. */
        static String read(ObjectMapper mapper, String body, String notAnObject) {
            if (body == null || body.isBlank()) {
                return null;
            }
            JsonNode json = JsonBodies.object(mapper, body, notAnObject, notAnObject);
            JsonNode email = json.get("email");
            if (email == null || email.isNull()) {
                return null;
            }
            if (!email.isTextual()) {
                throw EnvelopeException.invalid(ErasureRequests.INVALID_EMAIL);
            }
            return email.asText();
        }
    }
}
