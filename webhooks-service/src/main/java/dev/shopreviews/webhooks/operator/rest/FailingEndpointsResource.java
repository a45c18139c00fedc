package dev.shopreviews.webhooks.operator.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.webhooks.operator.repository.FailingEndpoints;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;

/** The operator console's list of failing webhook endpoints (any operator role). */
@Cancellable(false)
@RolesAllowed(Roles.MODERATOR)
@Path("/operator/api/webhooks/failing-endpoints")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: failing webhook endpoints")
public class FailingEndpointsResource {
    private final FailingEndpoints endpoints;

    public FailingEndpointsResource(FailingEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @JsonPropertyOrder({"status", "message", "endpoints"})
    public record EndpointList(String status, String message, List<FailingEndpoints.FailingEndpoint> endpoints) {
    }

    @GET
    @Operation(summary = "Webhook endpoints whose deliveries fail, oldest failure first")
    public Uni<Response> list(@QueryParam("limit") @DefaultValue("100") String limit) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            Long max = TextInput.integer(limit, 1, 500);
            if (max == null) {
                throw EnvelopeException.invalid("limit must be 1-500.");
            }
            return endpoints.oldestFirst(max.intValue())
                    .map(found -> Envelope.ok(new EndpointList(Messages.SUCCESS, "Failing endpoints retrieved.", found)));
        }), ErrorBody.PLAIN);
    }
}
