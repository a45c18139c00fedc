package dev.shopreviews.common.web;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

import java.util.List;

/**
 * {@code Cache-Control: no-store} on every answer of the shop dashboard's, the operator console's and the privacy
 * page's APIs in every service, errors included: they hold a signed-in person's data, which no browser or proxy cache
 * may keep. Keyed on the path, so a new endpoint under these prefixes is covered; an answer that sets its own
 * Cache-Control (the pages' scripts, revalidated with {@code no-cache}) keeps it.
 */
public class NoStoreAnswers {
    static final List<String> PREFIXES = List.of("/dashboard/", "/operator/", "/privacy/");

    @ServerResponseFilter
    public void noStore(ContainerRequestContext request, ContainerResponseContext response) {
        String path = request.getUriInfo().getPath();
        if (!response.getHeaders().containsKey("Cache-Control") && PREFIXES.stream().anyMatch(path::startsWith)) {
            response.getHeaders().putSingle("Cache-Control", "no-store");
        }
    }
}
