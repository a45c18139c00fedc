package dev.shopreviews.invitations.erasure.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.operator.Operator;
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
import org.jboss.resteasy.reactive.server.Cancellable;

/** Operator API: erase one address at every webshop (docs/privacy.md, Erasure). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.MACHINE)
@Path("/admin/customer-erasures")
@Produces(MediaType.APPLICATION_JSON)
public class CustomerErasureAdminResource {
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object {\"email\": …}.";

    private final SecurityIdentity identity;
    private final ErasureRequests erasures;
    private final ObjectMapper mapper;

    public CustomerErasureAdminResource(SecurityIdentity identity, ErasureRequests erasures, ObjectMapper mapper) {
        this.identity = identity;
        this.erasures = erasures;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Erase everything stored about one e-mail address at every webshop (operator token)")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = CustomerErasureResource.EmailBody.class),
            examples = @ExampleObject(name = "one address", value = "{\"email\":\"anna@example.com\"}")))
    @APIResponse(responseCode = "200", description = "The erasure is requested; the reference names it.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErasureRequested.class),
            examples = @ExampleObject(name = "requested", value = ErasureRequested.EXAMPLE_EVERYWHERE)))
    @APIResponse(responseCode = "400", description = "The body is no JSON object, or email is missing or invalid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "bad e-mail", value = "{\"status\":\"error\",\"message\":\"The email address is not valid.\"}")))
    @APIResponse(responseCode = "401", description = "No or a wrong operator token.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no operator token", value = "{\"status\":\"error\",\"message\":\"Operator token required.\"}")))
    public Uni<Response> erase(String body) {
        Operator who = Callers.operator(identity);
        String email = ErasureRequests.checkedEmail(CustomerErasureResource.EmailBody.read(mapper, body, NOT_AN_OBJECT));
        // The transaction (the event and its audit entry) is ErasureRequests's: none is opened for a refused request.
        return Envelope.guard(erasures.requestByOperator(email, who)
                .map(reference -> Envelope.ok(ErasureRequested.everywhere(reference))), ErrorBody.PLAIN);
    }
}
