package dev.shopreviews.common.security;

import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.privacy.PrivacySessions;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;

import java.util.Set;

/**
 * Who calls, read from the request by where it goes: the dashboard's session cookie under /dashboard/, the
 * console's (or an API key's token) under /operator/, the privacy page's under /privacy/, the shop's id and API code
 * (query parameters) under /api/ (or its public code where {@link PublicCodeRequest} says), the machine token under
 * /admin/, the partner token (query parameter token) on the partner API. Each credential is handed to
 * its identity provider ({@link CallerIdentities}); without one the caller is anonymous, and an endpoint that declares
 * a role answers 401 in the envelope ({@link SecurityAnswers}). Authentication is lazy
 * ({@code quarkus.http.auth.proactive=false}): only endpoints that declare a role pay for it.
 */
@ApplicationScoped
public class CallerMechanisms implements HttpAuthenticationMechanism {
    static final String PRIVACY_PATH = "/privacy/";
    static final String PARTNER_API = "/partner_api/";
    static final String DOMAIN_LOOKUP = "/webshops/fetch_domain.json";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        AuthenticationRequest request = credential(context);
        return request == null ? Uni.createFrom().nullItem() : identities.authenticate(request);
    }

    static AuthenticationRequest credential(RoutingContext context) {
        String path = context.normalizedPath();
        if (path.startsWith(OwnerSessions.COOKIE_PATH)) {
            return cookie(context, OwnerSessions.COOKIE, SessionCookieRequest.Kind.OWNER);
        }
        if (path.startsWith(OperatorSessions.COOKIE_PATH)) {
            return cookie(context, OperatorSessions.COOKIE, SessionCookieRequest.Kind.OPERATOR);
        }
        if (path.startsWith(PRIVACY_PATH)) {
            return cookie(context, PrivacySessions.COOKIE, SessionCookieRequest.Kind.PRIVACY);
        }
        if (path.startsWith("/api/")) {
            String id = context.request().getParam("id");
            String code = context.request().getParam("code");
            if ((code == null || code.isBlank()) && PublicCodeRequest.PATHS.contains(path)) {
                return publicCode(context, id);
            }
            // Without both the caller stays anonymous: the spec's "Not all obligated variables are set." (SecurityAnswers).
            return id == null || id.isBlank() || code == null || code.isBlank() ? null : new ShopCodeRequest(id, code);
        }
        if (path.startsWith("/admin/")) {
            String authorization = context.request().getHeader(HttpHeaders.AUTHORIZATION);
            return authorization == null ? null : new MachineTokenRequest(authorization);
        }
        if (partnerApi(path)) {
            String token = context.request().getParam("token");
            // Without one the caller stays anonymous: "Invalid or missing token." (SecurityAnswers).
            return token == null || token.isBlank() ? null : new PartnerTokenRequest(token);
        }
        return null;
    }

    /** id and public_code where the spec accepts the public code (an API code, when given, wins); both or anonymous. */
    private static AuthenticationRequest publicCode(RoutingContext context, String id) {
        String publicCode = context.request().getParam(PublicCodeRequest.PARAMETER);
        return id == null || id.isBlank() || publicCode == null || publicCode.isBlank() ? null
                : new PublicCodeRequest(id, publicCode);
    }

    /** The paths a partner token opens (spec 5.4): creating a webshop profile and the domain lookup. */
    static boolean partnerApi(String path) {
        return path.startsWith(PARTNER_API) || path.equals(DOMAIN_LOOKUP);
    }

    private static AuthenticationRequest cookie(RoutingContext context, String name, SessionCookieRequest.Kind kind) {
        Cookie cookie = context.request().getCookie(name);
        return cookie == null || cookie.getValue().isEmpty() ? null : new SessionCookieRequest(kind, cookie.getValue());
    }

    /** No challenge header: the answer is the envelope's 401 of {@link SecurityAnswers}. */
    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, null, null));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(SessionCookieRequest.class, ShopCodeRequest.class, PublicCodeRequest.class,
                MachineTokenRequest.class, PartnerTokenRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().nullItem();
    }
}
