package dev.shopreviews.common.deadletter;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.outbox.OutboxRelay;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The operator's view of this service's dead letters (Bearer operator token; not routed by the public gateway). */
@Cancellable(false)
@Path("/admin/dead-letters")
@Produces(MediaType.APPLICATION_JSON)
public class DeadLetterResource {
    private static final Set<String> STATES = Set.of(DeadLetter.PENDING, DeadLetter.REPLAYED, DeadLetter.DISCARDED);

    private final OperatorAuth operator;
    private final DeadLetters deadLetters;
    private final OutboxRelay relay;

    public DeadLetterResource(OperatorAuth operator, DeadLetters deadLetters, OutboxRelay relay) {
        this.operator = operator;
        this.deadLetters = deadLetters;
        this.relay = relay;
    }

    /** One dead letter as the admin API shows it; the payload as text (U+FFFD where it was not UTF-8). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record View(long id, String channel, String topic, Integer partition, Long offset, String key,
                       String reason, String error, String state, Instant createdAt, Instant resolvedAt, String payload) {
        static View of(DeadLetter letter) {
            return new View(letter.id, letter.channel, letter.topic, letter.partition, letter.offset, letter.recordKey,
                    letter.reason, letter.error, letter.state, letter.createdAt, letter.resolvedAt,
                    letter.payload == null ? null : new String(letter.payload, StandardCharsets.UTF_8));
        }
    }

    /** List dead letters (state pending by default, newest first, at most limit). */
    @GET
    public Uni<Response> list(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                              @QueryParam("state") @DefaultValue(DeadLetter.PENDING) String state,
                              @QueryParam("limit") @DefaultValue("100") String limit) {
        return guarded(authorization, () -> {
            Long max = TextInput.integer(limit, 1, 1000);
            if (!STATES.contains(state) || max == null) {
                throw EnvelopeException.invalid("state must be pending, replayed or discarded; limit 1-1000.");
            }
            return Panache.withSession(() -> deadLetters.list(state, max.intValue()))
                    .map(letters -> Envelope.success("Dead letters retrieved.",
                            Map.of("dead_letters", letters.stream().map(View::of).toList())));
        });
    }

    /** One dead letter with its payload. */
    @GET
    @Path("/{id}")
    public Uni<Response> one(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> Panache.withSession(() -> deadLetters.find(letterId(id))).map(DeadLetterResource::answer));
    }

    /** Apply a pending dead letter once with its channel's handler; stays pending when it fails again. */
    @POST
    @Path("/{id}/replay")
    public Uni<Response> replay(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> Panache.withTransaction(() -> deadLetters.replay(letterId(id)))
                .onFailure(failure -> !(failure instanceof EnvelopeException))
                .transform(failure -> new EnvelopeException(422, "Replay failed, the dead letter stays pending: "
                        + dev.shopreviews.common.messaging.Failures.describe(failure)))
                .invoke(relay::nudge)
                .map(DeadLetterResource::answer));
    }

    /** Discard a pending dead letter. */
    @POST
    @Path("/{id}/discard")
    public Uni<Response> discard(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> Panache.withTransaction(() -> deadLetters.discard(letterId(id))).map(DeadLetterResource::answer));
    }

    private static Response answer(DeadLetter letter) {
        return Envelope.success("Dead letter " + letter.state + ".", Map.of("data", View.of(letter)));
    }

    private Uni<Response> guarded(String authorization, Supplier<Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            operator.check(authorization);
            return work.get();
        }), Map.of());
    }

    private static long letterId(String id) {
        Long parsed = TextInput.id(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Dead letter not found.");
        }
        return parsed;
    }
}
