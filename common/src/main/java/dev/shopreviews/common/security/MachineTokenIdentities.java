package dev.shopreviews.common.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OperatorAuth;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The caller of an /admin/ request: the operator (machine) token, compared in constant time by {@link OperatorAuth}. */
@ApplicationScoped
public class MachineTokenIdentities implements IdentityProvider<MachineTokenRequest> {
    private final OperatorAuth operators;

    public MachineTokenIdentities(OperatorAuth operators) {
        this.operators = operators;
    }

    @Override
    public Class<MachineTokenRequest> getRequestType() {
        return MachineTokenRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(MachineTokenRequest request, AuthenticationRequestContext context) {
        try {
            return Uni.createFrom().item(CallerIdentities.of(operators.check(request.authorization())));
        } catch (EnvelopeException refused) {
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
    }
}
