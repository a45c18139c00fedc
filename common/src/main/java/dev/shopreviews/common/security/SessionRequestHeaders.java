package dev.shopreviews.common.security;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.privacy.PrivacySessions;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Arrays;
import java.util.Set;

/**
 * CSRF for the cookie sessions, once: a change (any method but GET, HEAD, OPTIONS) to an endpoint that admits the
 * dashboard's, the console's or the privacy page's session must carry that app's request header, which a form or a link on another site
 * cannot send (403 in the envelope otherwise). Endpoints of other callers (API codes, tokens) are not affected.
 */
public class SessionRequestHeaders {
    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> SESSION_ROLES = Set.of(Roles.OWNER, Roles.MODERATOR, Roles.ADMIN, Roles.PRIVACY);

    @ServerRequestFilter
    public Response requireAppHeader(ContainerRequestContext request, ResourceInfo resource) {
        if (READS.contains(request.getMethod()) || resource.getResourceMethod() == null || !admitsASession(resource)) {
            return null;
        }
        String path = request.getUriInfo().getRequestUri().getPath();
        if (path.startsWith(OwnerSessions.COOKIE_PATH) && !"1".equals(request.getHeaderString(OwnerSessions.CSRF_HEADER))) {
            return Envelope.error(403, OwnerAuth.FROM_DASHBOARD);
        }
        if (path.startsWith(OperatorSessions.COOKIE_PATH) && !"1".equals(request.getHeaderString(OperatorSessions.CSRF_HEADER))) {
            return Envelope.error(403, OperatorAuth.FROM_CONSOLE);
        }
        if (path.startsWith(CallerMechanisms.PRIVACY_PATH) && !"1".equals(request.getHeaderString(PrivacySessions.CSRF_HEADER))) {
            return Envelope.error(403, PrivacySessions.FROM_PAGE);
        }
        return null;
    }

    // The method's own declaration wins over its class's: an open method (@PermitAll) of a class of roles admits none.
    private static boolean admitsASession(ResourceInfo resource) {
        if (resource.getResourceMethod().isAnnotationPresent(PermitAll.class)) {
            return false;
        }
        RolesAllowed declared = resource.getResourceMethod().getAnnotation(RolesAllowed.class);
        if (declared == null) {
            declared = resource.getResourceClass().getAnnotation(RolesAllowed.class);
        }
        return declared != null && Arrays.stream(declared.value()).anyMatch(SESSION_ROLES::contains);
    }
}
