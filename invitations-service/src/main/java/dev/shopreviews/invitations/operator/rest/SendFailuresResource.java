package dev.shopreviews.invitations.operator.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.operator.repository.SendFailures;
import io.quarkus.security.identity.SecurityIdentity;
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

/** The operator console's invitation send failures (any operator role). */
@Cancellable(false)
@RolesAllowed(Roles.MODERATOR)
@Path("/operator/api/invitations/send-failures")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: invitation send failures")
public class SendFailuresResource {
    private final SecurityIdentity identity;
    private final SendFailures failures;

    public SendFailuresResource(SecurityIdentity identity, SendFailures failures) {
        this.identity = identity;
        this.failures = failures;
    }

    @JsonPropertyOrder({"status", "message", "total", "failures"})
    public record FailureList(String status, String message, long total, List<SendFailures.SendFailure> failures) {
    }

    @GET
    @Operation(summary = "Invitations that could not be sent in the last 30 days, by webshop and reason")
    public Uni<Response> list(@QueryParam("limit") @DefaultValue("100") String limit) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            Long max = TextInput.integer(limit, 1, 500);
            if (max == null) {
                throw EnvelopeException.invalid("limit must be 1-500.");
            }
            return failures.recent(max.intValue()).map(found -> Envelope.ok(new FailureList(Messages.SUCCESS,
                    "Send failures retrieved.", found.stream().mapToLong(SendFailures.SendFailure::count).sum(), found)));
        }), ErrorBody.PLAIN);
    }
}
