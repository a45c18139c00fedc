package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.time.Times;
import dev.shopreviews.invitations.invitation.repository.Invitation;

import java.util.LinkedHashMap;
import java.util.Map;

/** An item of invitations retrieve (spec 2.4): email, order, delay, datetimes {created, scheduled, sent}. */
public final class InvitationView {
    private InvitationView() {
    }

    public static Map<String, Object> of(Invitation invitation) {
        Map<String, Object> datetimes = new LinkedHashMap<>();
        datetimes.put("created", Times.datetime(invitation.createdAt));
        datetimes.put("scheduled", Times.datetime(invitation.scheduledAt));
        // false until an e-mail actually went out (also for invitations that are never e-mailed).
        datetimes.put("sent", invitation.sentAt == null ? Boolean.FALSE : Times.datetime(invitation.sentAt));
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("email", invitation.email);
        item.put("order", invitation.orderNumber);
        item.put("delay", invitation.delayDays);
        item.put("datetimes", datetimes);
        return item;
    }
}
