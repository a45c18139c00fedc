package dev.shopreviews.invitations.invitation.service;

import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import dev.shopreviews.invitations.sending.service.DailyMailQuota;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * The one path by which a webshop adds an invitation (spec 4.1): the daily quota, the fields' checks and messages
 * ({@link InvitationRequests}), the add itself ({@link InvitationService#add}). The spec's POST, the shop dashboard's
 * form and each row of its CSV upload all come here, so a business rule lives in one place.
 */
@ApplicationScoped
public class InvitationAdds {
    public static final String ADDED = "Invitation successfully added to queue!";
    public static final String ALREADY_SENT = "Invitation already sent for this order.";
    /** max_invitations_per_email: the address has that many invitations of this webshop; nothing queued (status success). */
    public static final String LIMIT_REACHED =
            "No invitation queued: this e-mail address already has the maximum number of invitations for this webshop (max_invitations_per_email).";

    private final InvitationService invitations;
    private final DailyMailQuota quota;

    public InvitationAdds(InvitationService invitations, DailyMailQuota quota) {
        this.invitations = invitations;
        this.quota = quota;
    }

    /** What an add did: its spec message, and whether a new invitation was queued. */
    public record Outcome(boolean queued, String message) {
    }

    /**
     * Adds the invitation for the (authenticated, active) webshop; fails with the spec's 400/429 envelope messages.
     * The caller has checked that the e-mail field is present ({@link InvitationRequests#requireEmail}).
     */
    public Uni<Outcome> add(WebshopReplica shop, AddInvitationForm form) {
        return quota.refuseWhenUsedUp(shop.id, Instant.now())
                .chain(() -> invitations.add(shop.id, InvitationRequests.toNewInvitation(form, shop)))
                .map(added -> switch (added) {
                    case QUEUED -> new Outcome(true, ADDED);
                    case ALREADY_USED -> new Outcome(false, ALREADY_SENT);
                    case LIMIT_REACHED -> new Outcome(false, LIMIT_REACHED);
                });
    }

    /** The checks of {@link #add} without adding (a dry run): fails with the same messages, stores nothing. */
    public void check(WebshopReplica shop, AddInvitationForm form) {
        InvitationRequests.requireEmail(form);
        InvitationRequests.toNewInvitation(form, shop);
    }
}
