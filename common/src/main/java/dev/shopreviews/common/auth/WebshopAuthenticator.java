package dev.shopreviews.common.auth;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Function;

/**
 * The spec's id/code check (section 5) against the local webshop replica. A missing id or code is
 * "Not all obligated variables are set."; a non-numeric id, an unknown id or a wrong code is
 * "Incorrect authentication credentials." (the same answer, so ids cannot be probed). The right code of a webshop
 * the operator deactivated is {@link EnvelopeException#deactivated()} (403); a wrong one stays 401, so only a caller
 * who holds the code learns that the shop exists and is deactivated.
 * {@link #authenticate} and {@link #authenticatePublic} must be called inside a reactive Hibernate session;
 * {@link #authenticateWith} takes the lookup from the caller.
 */
@ApplicationScoped
public class WebshopAuthenticator {

    public Uni<WebshopReplica> authenticate(String id, String code) {
        return find(id, code, false, WebshopAuthenticator::inSession);
    }

    /**
     * The same check as {@link #authenticate}, with the replica found by {@code lookup} (null for an unknown id),
     * for requests that open no Hibernate session (e.g. {@link WebshopReplicaReader}).
     */
    public Uni<WebshopReplica> authenticateWith(String id, String code, Function<Long, Uni<WebshopReplica>> lookup) {
        return find(id, code, false, lookup);
    }

    /** id + public_code, for calls from browser JavaScript where the spec allows it. */
    public Uni<WebshopReplica> authenticatePublic(String id, String publicCode) {
        return find(id, publicCode, true, WebshopAuthenticator::inSession);
    }

    /** {@link #authenticatePublic} with the replica found by {@code lookup}, as {@link #authenticateWith}. */
    public Uni<WebshopReplica> authenticatePublicWith(String id, String publicCode,
                                                      Function<Long, Uni<WebshopReplica>> lookup) {
        return find(id, publicCode, true, lookup);
    }

    private Uni<WebshopReplica> find(String id, String secret, boolean publicCode,
                                     Function<Long, Uni<WebshopReplica>> lookup) {
        if (isBlank(id) || isBlank(secret)) {
            return Uni.createFrom().failure(EnvelopeException.missingVariables());
        }
        Long webshopId = parseId(id);
        if (webshopId == null) {
            return Uni.createFrom().failure(EnvelopeException.incorrectCredentials());
        }
        return lookup.apply(webshopId).map(shop -> {
            if (shop == null || !matches(shop, secret, publicCode)) {
                throw EnvelopeException.incorrectCredentials();
            }
            if (!shop.active) {
                throw EnvelopeException.deactivated();
            }
            return shop;
        });
    }

    private static boolean matches(WebshopReplica shop, String secret, boolean publicCode) {
        return publicCode ? Codes.constantTimeEquals(secret, shop.publicCode) : Codes.matchesHash(secret, shop.apiCodeHash);
    }

    /** The numeric webshop id (ASCII digits only), or null when the text is not one. */
    public static Long parseId(String id) {
        return TextInput.id(id);
    }

    // Not WebshopReplica::findById: that method reference names PanacheEntityBase, whose findById Panache
    // does not generate.
    private static Uni<WebshopReplica> inSession(Long webshopId) {
        return WebshopReplica.findById(webshopId);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
