package dev.shopreviews.invitations.erasure.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.audit.ShopApiCode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Asks every service to erase one address (docs/privacy.md, Erasure): writes one {@link CustomerErased} to the
 * outbox (topic {@code customers.erased}, key = the address's hash) and answers its reference. The shop's endpoint,
 * the operator's and the person's privacy page all come here; each service applies the event to its own tables
 * (this service: {@link dev.shopreviews.invitations.erasure.messaging.CustomerErasedConsumer}).
 */
@ApplicationScoped
public class ErasureRequests {
    public static final String BY_SHOP = "shop";
    public static final String BY_OPERATOR = "operator";
    public static final String BY_PERSON = "person";
    public static final String MISSING_EMAIL = "The email address is missing.";
    public static final String INVALID_EMAIL = "The email address is not valid.";

    private static final Set<String> REQUESTERS = Set.of(BY_SHOP, BY_OPERATOR, BY_PERSON);

    private final Outbox outbox;
    private final AuditLog audit;

    public ErasureRequests(Outbox outbox, AuditLog audit) {
        this.outbox = outbox;
        this.audit = audit;
    }

    /**
     * An operator's erasure at every webshop ({@link #request} by {@value #BY_OPERATOR}), audited in the same
     * transaction: actor, action {@code customer.erase}, subject {@code erasure:<reference>}; never the address.
     */
    @WithTransaction
    public Uni<String> requestByOperator(String email, Actor who) {
        return request(email, CustomerErased.EVERY_SHOP, BY_OPERATOR)
                .call(reference -> audit.record(who, "customer.erase", "erasure:" + reference, null, null,
                        Map.of("webshops", "every", "requested_by", BY_OPERATOR)));
    }

    /**
     * A shop's erasure at its own webshop through its API code ({@link #request} by {@value #BY_SHOP}), audited in the
     * same transaction: actor {@code api-code:webshop:<id>}, action {@code customer.erase}, subject
     * {@code erasure:<reference>}; never the address.
     */
    @WithTransaction
    public Uni<String> requestByShop(String email, long webshopId) {
        return request(email, webshopId, BY_SHOP)
                .call(reference -> audit.record(new ShopApiCode(webshopId), "customer.erase", "erasure:" + reference,
                        webshopId, null, Map.of("webshops", "one", "requested_by", BY_SHOP)));
    }

    /**
     * Requests the erasure of {@code email} at webshop {@code webshopId} ({@link CustomerErased#EVERY_SHOP}: at every
     * webshop) on behalf of {@code requestedBy} ({@value #BY_SHOP}, {@value #BY_OPERATOR} or {@value #BY_PERSON});
     * answers the reference (also the event's id). Fails with a 400 envelope for a missing or invalid address. Runs in
     * the caller's transaction, or in one of its own.
     */
    @WithTransaction
    public Uni<String> request(String email, long webshopId, String requestedBy) {
        String address = checkedEmail(email);
        if (webshopId < 0 || !REQUESTERS.contains(requestedBy)) {
            throw new IllegalArgumentException("erasure of webshop " + webshopId + " by " + requestedBy);
        }
        String reference = UUID.randomUUID().toString();
        String hash = EmailHash.of(address);
        CustomerErased event = new CustomerErased(reference, CustomerErased.TYPE, Instant.now(), webshopId, hash,
                reference, requestedBy);
        return outbox.append(Topics.CUSTOMERS_ERASED, hash, event).replaceWith(reference);
    }

    /** The trimmed address; 400 envelope when it is missing, not one line of text, or no address. */
    public static String checkedEmail(String email) {
        if (email == null || email.isBlank()) {
            throw EnvelopeException.invalid(MISSING_EMAIL);
        }
        if (TextInput.problem(email, TextInput.Kind.LINE) != null) {
            throw EnvelopeException.invalid(INVALID_EMAIL);
        }
        return InvitationRequests.email(email);
    }
}
