package dev.shopreviews.common.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the spec's JSON envelope: status, message, then the endpoint's own fields in a fixed order. */
public final class Envelope {
    private static final Logger LOG = Logger.getLogger(Envelope.class);

    private Envelope() {
    }

    public static Map<String, Object> body(String status, String message, Map<String, Object> fields) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("message", message);
        body.putAll(fields);
        return body;
    }

    public static Response success(String message, Map<String, Object> fields) {
        return json(200, body(Messages.SUCCESS, message, fields));
    }

    public static Response error(int httpStatus, String message, Map<String, Object> fields) {
        return json(httpStatus, body(Messages.ERROR, message, fields));
    }

    public static Response json(int httpStatus, Object body) {
        return Response.status(httpStatus).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    /**
     * Turns every failure of an endpoint into its error envelope; {@code errorFields} are the fields the spec
     * requires on error (for example {@code ratings: []} or {@code data: null}).
     */
    public static Uni<Response> guard(Uni<Response> work, Map<String, Object> errorFields) {
        return work.onFailure().recoverWithItem(failure -> fromFailure(failure, errorFields));
    }

    public static Response fromFailure(Throwable failure, Map<String, Object> errorFields) {
        if (failure instanceof EnvelopeException known) {
            return error(known.httpStatus(), known.getMessage(), errorFields);
        }
        LOG.error("Unexpected failure while processing a request", failure);
        return error(500, Messages.UNEXPECTED, errorFields);
    }
}
