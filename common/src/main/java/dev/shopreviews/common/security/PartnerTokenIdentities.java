package dev.shopreviews.common.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.partner.Partner;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

/**
 * The partner of a partner API call: the token checked by the service's {@link PartnerTokenCheck} (only
 * partner-service has one; without it every token is refused). A refusal keeps the check's answer (401
 * "Invalid or missing token.") as the cause, for {@link SecurityAnswers}.
 */
@ApplicationScoped
public class PartnerTokenIdentities implements IdentityProvider<PartnerTokenRequest> {
    private final Instance<PartnerTokenCheck> tokens;

    public PartnerTokenIdentities(Instance<PartnerTokenCheck> tokens) {
        this.tokens = tokens;
    }

    @Override
    public Class<PartnerTokenRequest> getRequestType() {
        return PartnerTokenRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(PartnerTokenRequest request, AuthenticationRequestContext context) {
        if (!tokens.isResolvable()) {
            return Uni.createFrom().failure(new AuthenticationFailedException(
                    new EnvelopeException(401, PartnerTokenCheck.INVALID_TOKEN)));
        }
        return tokens.get().partnerOf(request.token())
                .map(PartnerTokenIdentities::of)
                .onFailure(EnvelopeException.class).transform(refused -> new AuthenticationFailedException(refused));
    }

    static SecurityIdentity of(Partner partner) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(partner.actor()))
                .addRole(Roles.PARTNER).addAttribute(Callers.CALLER, partner).build();
    }
}
