package dev.shopreviews.invitations.consent.service;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.invitations.consent.repository.OrderConsentRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * The consent store (spec 2.7, 4.7, 4.13). Recording a consent never creates an invitation: the pop-up alone
 * never causes an e-mail. Call inside a transaction.
 */
@ApplicationScoped
public class ConsentService {
    private final OrderConsentRepository consents;
    private final InvitationRepository invitations;
    private final OrderConfirmations confirmations;

    public ConsentService(OrderConsentRepository consents, InvitationRepository invitations,
                          OrderConfirmations confirmations) {
        this.consents = consents;
        this.invitations = invitations;
        this.confirmations = confirmations;
    }

    public Uni<Boolean> hasConsent(long webshopId, String orderNumber) {
        return consents.exists(webshopId, orderNumber);
    }

    /**
     * The furthest an unauthenticated "ask me later" from the browser may postpone an invitation: this many days after
     * it was added. Clamped when stored, so the add path (add_invitation in SQL) reads the same bound.
     */
    public static final int MAX_ASK_LATER_DAYS = 30;

    /** Stores the choice and applies it to the invitations already added for that order and address. */
    public Uni<Void> record(ConsentRecorded event) {
        String order = event.orderNumber().trim();
        String email = event.email() == null || event.email().isBlank() ? null : event.email().trim();
        int delay = Math.min(MAX_ASK_LATER_DAYS, Math.max(0, event.inviteDelayDays()));
        Instant at = event.occurredAt() == null ? Instant.now() : event.occurredAt();
        return invitations.lockOrder(event.webshopId(), order)
                .chain(() -> consents.upsert(event.webshopId(), order, event.choice(), delay, email, at))
                .chain(() -> consents.applyToInvitations(event.webshopId(), order, email))
                .chain(invitedEmail -> invitedEmail == null
                        ? Uni.createFrom().voidItem()
                        : confirmations.confirm(event.webshopId(), order, invitedEmail));
    }
}
