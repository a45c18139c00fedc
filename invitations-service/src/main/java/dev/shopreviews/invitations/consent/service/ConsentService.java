package dev.shopreviews.invitations.consent.service;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.invitations.consent.repository.OrderConsent;
import dev.shopreviews.invitations.consent.repository.OrderConsentRepository;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

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
        return consents.find(webshopId, orderNumber).map(consent -> consent != null);
    }

    /**
     * The furthest an unauthenticated "ask me later" from the browser may postpone an invitation: this many days after
     * it was added. Clamped when stored, so the add path (add_invitation in SQL) reads the same bound.
     */
    public static final int MAX_ASK_LATER_DAYS = 30;

    /** Stores the choice and applies it to invitations already added for that order. */
    public Uni<Void> record(ConsentRecorded event) {
        String order = event.orderNumber().trim();
        int delay = Math.min(MAX_ASK_LATER_DAYS, Math.max(0, event.inviteDelayDays()));
        Instant at = event.occurredAt() == null ? Instant.now() : event.occurredAt();
        return invitations.lockOrder(event.webshopId(), order)
                .chain(() -> consents.upsert(event.webshopId(), order, event.choice(), delay, event.email(), at))
                .chain(() -> consents.find(event.webshopId(), order))
                .chain(this::applyToExistingInvitations);
    }

    private Uni<Void> applyToExistingInvitations(OrderConsent consent) {
        return invitations.waitingForOrder(consent.webshopId(), consent.orderNumber()).chain(waiting -> {
            if (consent.reviewWritten()) {
                return reviewAlreadyWritten(consent, waiting);
            }
            if (consent.askLater()) {
                waiting.forEach(invitation -> postpone(invitation, consent.inviteDelayDays()));
            }
            return Uni.createFrom().voidItem();
        });
    }

    /** No e-mail for this order any more; if the shop already added its invitation, the order is confirmed now. */
    private Uni<Void> reviewAlreadyWritten(OrderConsent consent, List<Invitation> waiting) {
        waiting.forEach(invitation -> invitation.state = InvitationState.review_written);
        return invitations.firstForOrder(consent.webshopId(), consent.orderNumber())
                .chain(invitation -> invitation == null
                        ? Uni.createFrom().voidItem()
                        : confirmations.confirm(consent.webshopId(), consent.orderNumber(), invitation.email));
    }

    /** "Ask me later": the invitation goes out no earlier than the consent's delay after it was added. */
    static void postpone(Invitation invitation, int consentDelayDays) {
        if (consentDelayDays <= invitation.delayDays) {
            return;
        }
        invitation.delayDays = consentDelayDays;
        invitation.scheduledAt = invitation.createdAt.plus(Duration.ofDays(consentDelayDays));
        if (invitation.nextAttemptAt.isBefore(invitation.scheduledAt)) {
            invitation.nextAttemptAt = invitation.scheduledAt;
        }
    }
}
