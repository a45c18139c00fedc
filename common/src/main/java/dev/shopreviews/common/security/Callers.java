package dev.shopreviews.common.security;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.partner.Partner;
import dev.shopreviews.common.privacy.PrivacySession;
import io.quarkus.security.identity.SecurityIdentity;

/** The caller an authentication mechanism of this package put in the {@link SecurityIdentity}. */
public final class Callers {
    static final String CALLER = "shopreviews.caller";

    private Callers() {
    }

    /** The signed-in owner of an endpoint that declares {@link Roles#OWNER}. */
    public static Owner owner(SecurityIdentity identity) {
        return identity.getAttribute(CALLER) instanceof Owner owner ? owner : fail();
    }

    /**
     * The owner of an endpoint about one webshop: the path's id must be one of the session's webshops. A malformed id
     * or another owner's shop answers 404 like an unknown one, so ids cannot be probed.
     */
    public static Owner ownerOf(SecurityIdentity identity, long webshopId) {
        Owner owner = owner(identity);
        if (!owner.manages(webshopId)) {
            throw new EnvelopeException(404, OwnerAuth.NOT_YOURS);
        }
        return owner;
    }

    /** The person of an endpoint that declares {@link Roles#PRIVACY}: the address they proved they read. */
    public static PrivacySession person(SecurityIdentity identity) {
        return identity.getAttribute(CALLER) instanceof PrivacySession person ? person : fail();
    }

    /** The webshop whose API code (or public code) the call carried, of an endpoint that declares {@link Roles#SHOP} (or {@link Roles#PUBLIC_CODE}). */
    public static WebshopReplica shop(SecurityIdentity identity) {
        return identity.getAttribute(CALLER) instanceof WebshopReplica shop ? shop : fail();
    }

    /** The operator (named, or the machine token) of an endpoint that declares an operator role. */
    public static Operator operator(SecurityIdentity identity) {
        return identity.getAttribute(CALLER) instanceof Operator operator ? operator : fail();
    }

    /** The partner whose token the call carried, of an endpoint that declares {@link Roles#PARTNER}. */
    public static Partner partner(SecurityIdentity identity) {
        return identity.getAttribute(CALLER) instanceof Partner partner ? partner : fail();
    }

    // Reached only when an endpoint asks for a caller its declaration does not admit: a programming error.
    private static <T> T fail() {
        throw new IllegalStateException("the endpoint's role declaration does not match the caller it reads");
    }
}
