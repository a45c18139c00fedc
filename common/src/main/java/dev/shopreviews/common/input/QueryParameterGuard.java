package dev.shopreviews.common.input;

import dev.shopreviews.common.api.Envelope;
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
    /** Fields the spec's endpoints carry on error, by path; other paths answer status and message only. */
    private static final Map<String, Map<String, Object>> ERROR_FIELDS = Map.of(
            "/api/1.0/ratings.json", Map.of("ratings", List.of()),
            "/api/1.0/invitations.json", Map.of("invitations", List.of()),
            "/api/1.0/webshop.json", Map.of("data", List.of()),
            "/api/2.0/order_permissions.json", Map.of("has_consent", false),
            "/api/1.0/webhooks/list.json", Map.of("webhooks", List.of()));

    @ServerRequestFilter(preMatching = true)
    public Response check(ContainerRequestContext request) {
        String problem = problem(request);
        if (problem == null) {
            return null;
        }
        String path = request.getUriInfo().getPath();
        Map<String, Object> fields = new java.util.LinkedHashMap<>(ERROR_FIELDS.getOrDefault(path, Map.of()));
        if (path.equals("/api/1.0/ratings_summary.json")) {
            fields.put("data", null);
        }
        return Envelope.error(400, problem, fields);
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
