package dev.shopreviews.common.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.util.function.Supplier;

/**
 * Answers with the spec's JSON envelope. Each endpoint's bodies are records ({status, message, then the endpoint's
 * own fields, {@code @JsonPropertyOrder}); this class only turns them, and failures, into responses.
 */
public final class Envelope {
    private static final Logger LOG = Logger.getLogger(Envelope.class);

    private Envelope() {
    }

    /** 200 with the given body record. */
    public static Response ok(Object body) {
        return json(200, body);
    }

    public static Response json(int httpStatus, Object body) {
        return Response.status(httpStatus).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    /** An error answered as {status: error, message} and nothing else. */
    public static Response error(int httpStatus, String message) {
        return error(httpStatus, message, ErrorBody.PLAIN);
    }

    /** An error answered with the endpoint's own error body (for example {@code ratings: []} after the message). */
    public static Response error(int httpStatus, String message, ErrorBody errorBody) {
        return json(httpStatus, errorBody.of(message));
    }

    /** Turns every failure of an endpoint into its error body: an {@link EnvelopeException} keeps its status. */
    public static Uni<Response> guard(Uni<Response> work, ErrorBody errorBody) {
        return work.onFailure().recoverWithItem(failure -> fromFailure(failure, errorBody));
    }

    /**
     * Runs an endpoint's work (also what it throws while building its Uni) with failures answered as the plain
     * envelope {@code {"status":"error","message":...}}.
     */
    public static Uni<Response> guarded(Supplier<Uni<Response>> work) {
        return guard(Uni.createFrom().deferred(work::get), ErrorBody.PLAIN);
    }

    public static Response fromFailure(Throwable failure, ErrorBody errorBody) {
        if (failure instanceof EnvelopeException known) {
            return error(known.httpStatus(), known.getMessage(), errorBody);
        }
        LOG.error("Unexpected failure while processing a request", failure);
        return error(500, Messages.UNEXPECTED, errorBody);
    }
}
