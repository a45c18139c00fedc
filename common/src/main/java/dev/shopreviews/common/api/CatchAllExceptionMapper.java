package dev.shopreviews.common.api;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Last line of defence: whatever escapes an endpoint is answered in the envelope, never with a stack trace.
 * Framework errors (unknown path 404, wrong method 405, unsupported media type 415, body too large 413,
 * malformed body or %-encoding 400) keep their status and get a plain message.
 */
public class CatchAllExceptionMapper {

    @ServerExceptionMapper
    public Response envelope(EnvelopeException e) {
        return Envelope.fromFailure(e, ErrorBody.PLAIN);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return Envelope.fromFailure(e, ErrorBody.PLAIN);
        }
        return Envelope.error(status, reasonFor(status));
    }

    /** A form body or URL with a broken %-escape ({@code %zz}) fails while RESTEasy decodes it: the client's fault. */
    @ServerExceptionMapper
    public Response illegalArgument(IllegalArgumentException e) {
        if (thrownByUrlDecoding(e)) {
            return Envelope.error(400, "Invalid request: malformed percent-encoding.");
        }
        return Envelope.fromFailure(e, ErrorBody.PLAIN);
    }

    private static boolean thrownByUrlDecoding(IllegalArgumentException e) {
        StackTraceElement[] trace = e.getStackTrace();
        for (int i = 0; i < Math.min(3, trace.length); i++) {
            String thrower = trace[i].getClassName();
            if (thrower.equals("java.net.URLDecoder") || thrower.equals("org.jboss.resteasy.reactive.common.util.URLUtils")) {
                return true;
            }
        }
        return false;
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response anything(Throwable e) {
        return Envelope.fromFailure(e, ErrorBody.PLAIN);
    }

    static String reasonFor(int status) {
        return switch (status) {
            case 400 -> "Invalid request.";
            case 401 -> Messages.INCORRECT_CREDENTIALS;
            case 404 -> "Not found.";
            case 405 -> "Method not allowed.";
            case 406 -> "Not acceptable.";
            case 413 -> "Request body too large.";
            case 415 -> "Unsupported content type.";
            default -> Response.Status.fromStatusCode(status) != null
                    ? Response.Status.fromStatusCode(status).getReasonPhrase() + "."
                    : "Request refused.";
        };
    }
}
