package dev.shopreviews.invitations.consent.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Spec 4.7: id, code and orderNumber are all obligated, and a call without any of them is "Not all obligated
 * variables are set." (400) whatever its code. The framework checks the code before the endpoint runs, so a missing
 * orderNumber is refused before that, here (after common's QueryParameterGuard), in the endpoint's error body.
 */
public class OrderNumberRequired {

    @ServerRequestFilter(preMatching = true, priority = Priorities.USER + 100)
    public Response requireOrderNumber(ContainerRequestContext request) {
        if (!OrderPermissionsResource.PATH.equals(request.getUriInfo().getPath())
                || !(HttpMethod.GET.equals(request.getMethod()) || HttpMethod.HEAD.equals(request.getMethod()))
                || !isBlank(request.getUriInfo().getQueryParameters().getFirst("orderNumber"))) {
            return null;
        }
        return Envelope.fromFailure(EnvelopeException.missingVariables(), OrderPermission::error);
    }

    static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
