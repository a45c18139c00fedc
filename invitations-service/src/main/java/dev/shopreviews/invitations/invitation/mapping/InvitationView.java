package dev.shopreviews.invitations.invitation.mapping;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An item of invitations retrieve (spec 2.4): email, order, delay, datetimes {created, scheduled, sent}. */
@JsonPropertyOrder({"email", "order", "delay", "datetimes"})
public record InvitationView(String email, String order, int delay, Datetimes datetimes) {

    /** {@code sent} is false until an e-mail actually went out (also for invitations never e-mailed), then a datetime. */
    @JsonPropertyOrder({"created", "scheduled", "sent"})
    public record Datetimes(String created, String scheduled,
                            @Schema(oneOf = {Boolean.class, String.class}, description = "false, or YYYY-MM-DD HH:MM:SS (UTC)")
                            Object sent) {
    }

    public static InvitationView of(Invitation invitation) {
        return new InvitationView(invitation.email, invitation.orderNumber, invitation.delayDays, new Datetimes(
                Times.datetime(invitation.createdAt), Times.datetime(invitation.scheduledAt),
                invitation.sentAt == null ? Boolean.FALSE : Times.datetime(invitation.sentAt)));
    }
}
