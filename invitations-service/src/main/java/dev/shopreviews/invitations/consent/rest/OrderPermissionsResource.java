package dev.shopreviews.invitations.consent.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.invitations.consent.service.ConsentService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.7: check order consent. */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/2.0/order_permissions.json")
@Produces(MediaType.APPLICATION_JSON)
public class OrderPermissionsResource {
    static final String SUCCESS = "Order permission successfully retrieved!";
    private static final Map<String, Object> ON_ERROR = Map.of("has_consent", false);

    private final WebshopAuthenticator authenticator;
    private final ConsentService consents;

    public OrderPermissionsResource(WebshopAuthenticator authenticator, ConsentService consents) {
        this.authenticator = authenticator;
        this.consents = consents;
    }

    @GET
    @WithSession
    public Uni<Response> check(@QueryParam("id") String id, @QueryParam("code") String code,
                               @QueryParam("orderNumber") String orderNumber) {
        if (isBlank(id) || isBlank(code) || isBlank(orderNumber)) {
            return Uni.createFrom().item(Envelope.fromFailure(EnvelopeException.missingVariables(), ON_ERROR));
        }
        return Envelope.guard(authenticator.authenticate(id, code)
                        .chain(shop -> consents.hasConsent(shop.id, orderNumber.trim()))
                        .map(hasConsent -> Envelope.success(SUCCESS, Map.of("has_consent", hasConsent))),
                ON_ERROR);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
