package dev.shopreviews.common.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.auth.WebshopReplicaReader;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * The webshop of a shop API call: the spec's id/code check ({@link WebshopAuthenticator}) against this service's
 * webshop replica, read with one statement through the SQL client. A refusal keeps the spec's answer (401
 * incorrect credentials, 403 for the right code of a deactivated shop) as the cause, for {@link SecurityAnswers}.
 */
@ApplicationScoped
public class ShopIdentities implements IdentityProvider<ShopCodeRequest> {
    private final WebshopAuthenticator webshops;
    private final WebshopReplicaReader replicas;

    public ShopIdentities(WebshopAuthenticator webshops, WebshopReplicaReader replicas) {
        this.webshops = webshops;
        this.replicas = replicas;
    }

    @Override
    public Class<ShopCodeRequest> getRequestType() {
        return ShopCodeRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ShopCodeRequest request, AuthenticationRequestContext context) {
        return webshops.authenticateWith(request.id(), request.code(),
                        id -> replicas.byIds(List.of(id)).map(found -> found.get(0)))
                .map(ShopIdentities::of)
                .onFailure(EnvelopeException.class).transform(refused -> new AuthenticationFailedException(refused));
    }

    /** The caller of a shop's API code, also for a service that checks the code against a table of its own. */
    public static SecurityIdentity of(WebshopReplica shop) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal("api-code:webshop:" + shop.id))
                .addRole(Roles.SHOP).addAttribute(Callers.CALLER, shop).build();
    }
}
