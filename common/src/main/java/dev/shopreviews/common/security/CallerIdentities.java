package dev.shopreviews.common.security;

import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.privacy.PrivacySession;
import dev.shopreviews.common.privacy.PrivacySessions;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Optional;

/**
 * The caller of a dashboard, console or privacy-page session cookie: the signature, the lifetime and whether the
 * account's (or the session's) sessions were ended since are checked by {@link OwnerAuth}, {@link OperatorAuth} and
 * {@link PrivacySessions} (key {@code shopreviews.privacy-session-key}; without it no privacy session is valid). A cookie
 * that fails any check fails the authentication (401), it never falls back to anonymous.
 */
@ApplicationScoped
public class CallerIdentities implements IdentityProvider<SessionCookieRequest> {
    private final OwnerAuth owners;
    private final OperatorAuth operators;
    private final Optional<PrivacySessions> privacy;

    public CallerIdentities(OwnerAuth owners, OperatorAuth operators, ObjectMapper mapper,
                            @ConfigProperty(name = "shopreviews.privacy-session-key") Optional<String> privacyKey) {
        this.owners = owners;
        this.operators = operators;
        this.privacy = privacyKey.filter(key -> !key.isBlank()).map(key -> new PrivacySessions(key, mapper));
    }

    @Override
    public Class<SessionCookieRequest> getRequestType() {
        return SessionCookieRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(SessionCookieRequest request, AuthenticationRequestContext context) {
        Optional<SecurityIdentity> identity = switch (request.kind()) {
            case OWNER -> owners.session(request.value()).map(CallerIdentities::of);
            case OPERATOR -> operators.session(request.value()).map(CallerIdentities::of);
            case PRIVACY -> privacy.flatMap(sessions -> sessions.verify(request.value(), Instant.now()))
                    .map(CallerIdentities::of);
        };
        return identity.map(found -> Uni.createFrom().item(found))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException()));
    }

    static SecurityIdentity of(Owner owner) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(owner.actor()))
                .addRole(Roles.OWNER).addAttribute(Callers.CALLER, owner).build();
    }

    static SecurityIdentity of(PrivacySession person) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal("privacy-session"))
                .addRole(Roles.PRIVACY).addAttribute(Callers.CALLER, person).build();
    }

    static SecurityIdentity of(Operator operator) {
        QuarkusSecurityIdentity.Builder identity = QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(operator.actor())).addAttribute(Callers.CALLER, operator);
        if (operator.machine()) {
            identity.addRole(Roles.MACHINE);
        } else {
            identity.addRole(Roles.MODERATOR);
            if (operator.role().permits(OperatorRole.ADMIN)) {
                identity.addRole(Roles.ADMIN);
            }
        }
        return identity.build();
    }
}
