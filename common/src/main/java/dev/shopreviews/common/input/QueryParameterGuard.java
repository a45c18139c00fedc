package dev.shopreviews.common.input;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.ErrorBodiesByPath;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Map;

/**
 * Applies {@link TextInput}'s rule to every query parameter of every endpoint before it runs: a name or value with
 * a control or invalid character, or a malformed percent-escape, is answered 400 with the envelope (carrying the
 * fields the spec requires on error for that path), so no endpoint ever sees it.
 */
public class QueryParameterGuard {
    /** The error bodies the services declare by path (fields the spec requires on error); other paths: status and message. */
    private final ErrorBodiesByPath errorBodies;

    public QueryParameterGuard(ErrorBodiesByPath errorBodies) {
        this.errorBodies = errorBodies;
    }

    @ServerRequestFilter(preMatching = true)
    public Response check(ContainerRequestContext request) {
        String problem = problem(request);
        if (problem == null) {
            return null;
        }
        return Envelope.error(400, problem, errorBodies.of(request.getUriInfo().getPath()));
    }

    private static String problem(ContainerRequestContext request) {
        MultivaluedMap<String, String> parameters;
        try {
            parameters = request.getUriInfo().getQueryParameters(true);
        } catch (RuntimeException malformedEscape) {
            return "Invalid request: the query string is not correctly encoded.";
        }
        for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
            if (!TextInput.acceptable(parameter.getKey(), TextInput.Kind.LINE)) {
                return TextInput.invalid("a parameter name", "contains an invalid character");
            }
            for (String value : parameter.getValue()) {
                String why = TextInput.problem(value, TextInput.Kind.TEXT);
                if (why != null) {
                    return TextInput.invalid(parameter.getKey(), why);
                }
            }
        }
        return null;
    }
}
