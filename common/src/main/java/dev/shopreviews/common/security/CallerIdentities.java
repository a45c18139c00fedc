package dev.shopreviews.common.security;

import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.owner.Owner;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/**
 * The caller of a dashboard or console session cookie: the signature, the lifetime and whether the account's (or the
 * session's) sessions were ended since are checked by {@link OwnerAuth} and {@link OperatorAuth}, as before. A cookie
 * that fails any check fails the authentication (401), it never falls back to anonymous.
 */
@ApplicationScoped
public class CallerIdentities implements IdentityProvider<SessionCookieRequest> {
    private final OwnerAuth owners;
    private final OperatorAuth operators;

    public CallerIdentities(OwnerAuth owners, OperatorAuth operators) {
        this.owners = owners;
        this.operators = operators;
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
        };
        return identity.map(found -> Uni.createFrom().item(found))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException()));
    }

    static SecurityIdentity of(Owner owner) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(owner.actor()))
                .addRole(Roles.OWNER).addAttribute(Callers.CALLER, owner).build();
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
