package dev.shopreviews.ratings.ratings.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MultivaluedMap;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Spec 4.3: every answer of ratings.json to browser JavaScript (id and public_code, no code) carries
 * {@code Access-Control-Allow-Origin: *}, its errors too, also those the framework gives before the endpoint runs
 * (missing id, wrong public code, deactivated shop), so the page's script can read them. Answers to shop backends
 * (with code) carry none, and neither do answers given before the endpoint is matched (common QueryParameterGuard).
 */
public class PublicRatingsOrigin {
    @ServerResponseFilter
    public void allowAnyOrigin(ContainerRequestContext request, ContainerResponseContext response, ResourceInfo resource) {
        if (resource.getResourceClass() == RatingsResource.class && publicView(request.getUriInfo().getQueryParameters())) {
            response.getHeaders().putSingle("Access-Control-Allow-Origin", "*");
        }
    }

    /** As the credential is chosen (common CallerMechanisms): the public code counts only without an API code. */
    static boolean publicView(MultivaluedMap<String, String> query) {
        return blank(query.getFirst("code")) && !blank(query.getFirst("public_code"));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
