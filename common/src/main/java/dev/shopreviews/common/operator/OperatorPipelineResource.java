package dev.shopreviews.common.operator;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.audit.AuditEntry;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.deadletter.DeadLetter;
import dev.shopreviews.common.deadletter.DeadLetterDecisions;
import dev.shopreviews.common.deadletter.DeadLetterResource;
import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * The console's view of this service's pipeline and audit log, under {@code /operator/api/<service>/} (the gateway
 * routes that prefix to this service; {@code <service>} is the application name without "-service"). Reads need a
 * console session of any role; replay, repair and discard an admin (and, as every console change, the console's
 * request header: common security's SessionRequestHeaders).
 */
@Cancellable(false)
@RolesAllowed(Roles.MODERATOR)
@Path("/operator/api/{service}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: pipeline and audit log")
public class OperatorPipelineResource {

    private final SecurityIdentity identity;
    private final DeadLetters deadLetters;
    private final DeadLetterDecisions decisions;
    private final AuditLog audit;
    private final String service;

    public OperatorPipelineResource(SecurityIdentity identity, DeadLetters deadLetters, DeadLetterDecisions decisions,
                                    AuditLog audit, @ConfigProperty(name = "quarkus.application.name") String application) {
        this.identity = identity;
        this.deadLetters = deadLetters;
        this.decisions = decisions;
        this.audit = audit;
        this.service = application.replaceFirst("-service$", "");
    }

    /** One audit entry as the console shows it; before/after are the JSON the change recorded. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AuditView(long id, String service, Instant at, String actor, String action, String subject,
                            Long webshopId, String before, String after) {
    }

    @JsonPropertyOrder({"status", "message", "entries"})
    public record AuditList(String status, String message, List<AuditView> entries) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Backlog(String service, List<DeadLetters.ChannelBacklog> channels) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record BacklogAnswer(String status, String message, Backlog data) {
    }

    @JsonPropertyOrder({"status", "message", "dead_letters"})
    public record LetterList(String status, String message,
                             @JsonProperty("dead_letters") List<DeadLetterResource.View> deadLetters) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record OneLetter(String status, String message, DeadLetterResource.View data) {
    }

    @GET
    @Path("/audit")
    @Operation(summary = "This service's audit log, newest first (search in actor, action and subject)")
    public Uni<Response> audit(@PathParam("service") String service,
                               @Parameter(description = "text to find in actor, action or subject") @QueryParam("q") String text,
                               @Parameter(description = "only entries about this webshop") @QueryParam("webshop_id") String webshopId,
                               @Parameter(description = "only entries older than this id (paging)") @QueryParam("before") String before,
                               @Parameter(description = "1-500, default 100") @QueryParam("limit") @DefaultValue("100") String limit) {
        return guarded(service, () -> {
            Long max = TextInput.integer(limit, 1, 500);
            Long shop = TextInput.optionalId(webshopId);
            Long beforeId = TextInput.optionalId(before);
            if (max == null || shop == -1 || beforeId == -1 || !TextInput.acceptable(text, TextInput.Kind.LINE)
                    || (text != null && text.length() > 200)) {
                throw EnvelopeException.invalid("q must be one line of at most 200 characters; webshop_id and before ids; limit 1-500.");
            }
            return Panache.withSession(() -> audit.search(text, shop == 0 ? null : shop, beforeId == 0 ? null : beforeId, max.intValue()))
                    .map(entries -> Envelope.ok(new AuditList(Messages.SUCCESS, "Audit log retrieved.",
                            entries.stream().map(this::view).toList())));
        });
    }

    @GET
    @Path("/pipeline")
    @Operation(summary = "Pending dead letters per channel of this service, with the oldest one's time")
    public Uni<Response> backlog(@PathParam("service") String service) {
        return guarded(service, () -> {
            return Panache.withSession(deadLetters::backlog).map(channels -> Envelope.ok(new BacklogAnswer(
                    Messages.SUCCESS, "Pipeline retrieved.", new Backlog(this.service, channels))));
        });
    }

    @GET
    @Path("/dead-letters")
    @Operation(summary = "This service's dead letters in one state, newest first")
    public Uni<Response> letters(@PathParam("service") String service,   @Parameter(description = "pending (default), replayed or discarded")
                                 @QueryParam("state") @DefaultValue(DeadLetter.PENDING) String state,
                                 @Parameter(description = "1-1000, default 100") @QueryParam("limit") @DefaultValue("100") String limit) {
        return guarded(service, () -> {
            Long max = TextInput.integer(limit, 1, 1000);
            if (!DeadLetter.STATES.contains(state) || max == null) {
                throw EnvelopeException.invalid("state must be pending, replayed, repaired or discarded; limit 1-1000.");
            }
            return Panache.withSession(() -> deadLetters.list(state, max.intValue())).map(letters -> Envelope.ok(
                    new LetterList(Messages.SUCCESS, "Dead letters retrieved.", letters.stream().map(DeadLetterResource.View::of).toList())));
        });
    }

    @GET
    @Path("/dead-letters/{id}")
    @Operation(summary = "One dead letter with its payload")
    public Uni<Response> letter(@PathParam("service") String service,  @PathParam("id") String id) {
        return guarded(service, () -> {
            return Panache.withSession(() -> deadLetters.find(letterId(id))).map(OperatorPipelineResource::answer);
        });
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/dead-letters/{id}/replay")
    @Operation(summary = "Apply a pending dead letter once more with its channel's handler (admin)")
    public Uni<Response> replay(@PathParam("service") String service, @PathParam("id") String id) {
        return guarded(service, () -> decisions.replay(Callers.operator(identity), letterId(id))
                .map(OperatorPipelineResource::answer));
    }

    /** The body of a repair: the corrected record, as JSON text of the channel's event. */
    public record RepairRequest(String payload) {
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/dead-letters/{id}/repair")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Apply a pending dead letter with a corrected payload (admin); 422 when that fails too")
    public Uni<Response> repair(@PathParam("service") String service, @PathParam("id") String id,
                                RepairRequest request) {
        return guarded(service, () -> decisions.repair(Callers.operator(identity), letterId(id),
                request == null ? null : request.payload()).map(OperatorPipelineResource::answer));
    }

    @POST
    @RolesAllowed(Roles.ADMIN)
    @Path("/dead-letters/{id}/discard")
    @Operation(summary = "Discard a pending dead letter (admin)")
    public Uni<Response> discard(@PathParam("service") String service, @PathParam("id") String id) {
        return guarded(service, () -> decisions.discard(Callers.operator(identity), letterId(id))
                .map(OperatorPipelineResource::answer));
    }

    private AuditView view(AuditEntry entry) {
        return new AuditView(entry.id, service, entry.at, entry.actor, entry.action, entry.subject, entry.webshopId,
                entry.before, entry.after);
    }

    private static Response answer(DeadLetter letter) {
        return Envelope.ok(new OneLetter(Messages.SUCCESS, "Dead letter " + letter.state + ".", DeadLetterResource.View.of(letter)));
    }

    private Uni<Response> guarded(String requested, Supplier<Uni<Response>> work) {
        return OperatorPaths.guarded(service, requested, work);
    }

    private static long letterId(String id) {
        Long parsed = TextInput.id(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Dead letter not found.");
        }
        return parsed;
    }
}
