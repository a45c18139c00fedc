package dev.shopreviews.common.deadletter;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Function;

/** The operator's view of this service's dead letters (Bearer operator token; not routed by the public gateway). */
@Cancellable(false)
@RolesAllowed(Roles.MACHINE)
@Path("/admin/dead-letters")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator: dead letters")
@APIResponse(responseCode = "401", description = "No or a wrong operator token.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "no operator token", value = DeadLetterResource.EXAMPLE_401)))
public class DeadLetterResource {
    static final String EXAMPLE_VIEW = "{\"id\":17,\"channel\":\"reviews-submitted\",\"topic\":\"reviews.submitted\","
            + "\"partition\":0,\"offset\":4711,\"key\":\"1001\",\"reason\":\"unparsable\","
            + "\"error\":\"Unexpected character ('x' (code 120))\",\"state\":\"pending\","
            + "\"created_at\":\"2026-11-25T10:15:30Z\",\"resolved_at\":null,\"payload\":\"x{\"}";
    static final String EXAMPLE_LIST = "{\"status\":\"success\",\"message\":\"Dead letters retrieved.\",\"dead_letters\":["
            + EXAMPLE_VIEW + "]}";
    static final String EXAMPLE_ONE = "{\"status\":\"success\",\"message\":\"Dead letter pending.\",\"data\":"
            + EXAMPLE_VIEW + "}";
    static final String EXAMPLE_REPLAYED = "{\"status\":\"success\",\"message\":\"Dead letter replayed.\",\"data\":"
            + "{\"id\":17,\"channel\":\"reviews-submitted\",\"topic\":\"reviews.submitted\",\"partition\":0,\"offset\":4711,"
            + "\"key\":\"1001\",\"reason\":\"refused\",\"error\":\"webshop 1001 unknown\",\"state\":\"replayed\","
            + "\"created_at\":\"2026-11-25T10:15:30Z\",\"resolved_at\":\"2026-11-25T11:02:00Z\",\"payload\":\"{}\"}}";
    static final String EXAMPLE_DISCARDED = "{\"status\":\"success\",\"message\":\"Dead letter discarded.\",\"data\":"
            + "{\"id\":17,\"channel\":\"reviews-submitted\",\"topic\":\"reviews.submitted\",\"partition\":0,\"offset\":4711,"
            + "\"key\":\"1001\",\"reason\":\"unparsable\",\"error\":\"Unexpected character\",\"state\":\"discarded\","
            + "\"created_at\":\"2026-11-25T10:15:30Z\",\"resolved_at\":\"2026-11-25T11:02:00Z\",\"payload\":\"x{\"}}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Operator token required.\"}";
    static final String EXAMPLE_404 = "{\"status\":\"error\",\"message\":\"Dead letter not found.\"}";


    private final SecurityIdentity identity;
    private final DeadLetters deadLetters;
    private final DeadLetterDecisions decisions;

    public DeadLetterResource(SecurityIdentity identity, DeadLetters deadLetters, DeadLetterDecisions decisions) {
        this.identity = identity;
        this.deadLetters = deadLetters;
        this.decisions = decisions;
    }

    /** One dead letter as the admin API shows it; the payload as text (U+FFFD where it was not UTF-8). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record View(long id, String channel, String topic, Integer partition, Long offset, String key,
                       String reason, String error, String state, Instant createdAt, Instant resolvedAt, String payload) {
        public static View of(DeadLetter letter) {
            return new View(letter.id, letter.channel, letter.topic, letter.partition, letter.offset, letter.recordKey,
                    letter.reason, letter.error, letter.state, letter.createdAt, letter.resolvedAt,
                    letter.payload == null ? null : new String(letter.payload, StandardCharsets.UTF_8));
        }
    }

    /** List dead letters (state pending by default, newest first, at most limit). */
    @GET
    @Operation(summary = "List this service's dead letters, newest first")
    @APIResponse(responseCode = "200", description = "The dead letters in that state.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterAnswers.DeadLetterList.class),
            examples = @ExampleObject(name = "one pending letter", value = EXAMPLE_LIST)))
    @APIResponse(responseCode = "400", description = "Unknown state or limit out of range.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "bad limit",
                    value = "{\"status\":\"error\",\"message\":\"state must be pending, replayed, repaired or discarded; limit 1-1000.\"}")))
    public Uni<Response> list(@Parameter(description = "pending (default), replayed or discarded")
                              @QueryParam("state") @DefaultValue(DeadLetter.PENDING) String state,
                              @Parameter(description = "at most this many, 1-1000 (default 100)")
                              @QueryParam("limit") @DefaultValue("100") String limit) {
        return guarded(operator -> {
            Long max = TextInput.integer(limit, 1, 1000);
            if (!DeadLetter.STATES.contains(state) || max == null) {
                throw EnvelopeException.invalid("state must be pending, replayed, repaired or discarded; limit 1-1000.");
            }
            return Panache.withSession(() -> deadLetters.list(state, max.intValue()))
                    .map(letters -> Envelope.ok(DeadLetterAnswers.DeadLetterList.of(letters.stream().map(View::of).toList())));
        });
    }

    /** One dead letter with its payload. */
    @GET
    @Path("/{id}")
    @Operation(summary = "One dead letter with its payload")
    @APIResponse(responseCode = "200", description = "The dead letter.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterAnswers.OneDeadLetter.class),
            examples = @ExampleObject(name = "pending", value = EXAMPLE_ONE)))
    @APIResponse(responseCode = "404", description = "No dead letter with this id.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown id", value = EXAMPLE_404)))
    public Uni<Response> one(@PathParam("id") String id) {
        return guarded(operator -> Panache.withSession(() -> deadLetters.find(letterId(id))).map(DeadLetterResource::answer));
    }

    /** Apply a pending dead letter once with its channel's handler; stays pending when it fails again. */
    @POST
    @Path("/{id}/replay")
    @Operation(summary = "Apply a pending dead letter once more with its channel's handler")
    @APIResponse(responseCode = "200", description = "The dead letter.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterAnswers.OneDeadLetter.class),
            examples = @ExampleObject(name = "replayed", value = EXAMPLE_REPLAYED)))
    @APIResponse(responseCode = "404", description = "No dead letter with this id.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown id", value = EXAMPLE_404)))
    @APIResponse(responseCode = "422", description = "The handler failed again; the letter stays pending.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @APIResponse(responseCode = "409", description = "The letter is no longer pending.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> replay(@PathParam("id") String id) {
        return guarded(operator -> decisions.replay(operator, letterId(id)).map(DeadLetterResource::answer));
    }

    /** Discard a pending dead letter. */
    @POST
    @Path("/{id}/discard")
    @Operation(summary = "Discard a pending dead letter")
    @APIResponse(responseCode = "200", description = "The dead letter.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterAnswers.OneDeadLetter.class),
            examples = @ExampleObject(name = "discarded", value = EXAMPLE_DISCARDED)))
    @APIResponse(responseCode = "404", description = "No dead letter with this id.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown id", value = EXAMPLE_404)))
    public Uni<Response> discard(@PathParam("id") String id) {
        return guarded(operator -> decisions.discard(operator, letterId(id)).map(DeadLetterResource::answer));
    }

    private static Response answer(DeadLetter letter) {
        return Envelope.ok(DeadLetterAnswers.OneDeadLetter.of(View.of(letter)));
    }

    private Uni<Response> guarded(Function<Operator, Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> work.apply(Callers.operator(identity))), ErrorBody.PLAIN);
    }

    private static long letterId(String id) {
        Long parsed = TextInput.id(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Dead letter not found.");
        }
        return parsed;
    }
}
