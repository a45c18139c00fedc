package dev.shopreviews.invitations.invitation.mapping;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An item of invitations retrieve (spec 2.4): email, order, delay, datetimes {created, scheduled, sent}; then this
 * service's extension (docs/api-notes.md, "Invitation status"): status, failure_reason, reminded.
 */
@JsonPropertyOrder({"email", "order", "delay", "datetimes", "status", "failure_reason", "reminded"})
public record InvitationView(String email, String order, int delay, Datetimes datetimes,
                             @Schema(enumeration = {"queued", "sent", "reminded", "reviewed", "opted_out", "failed"},
                                     description = "extension of the spec: where the invitation is")
                             String status,
                             @JsonProperty("failure_reason") @Schema(nullable = true,
                                     description = "extension of the spec: why it failed (status failed), else null")
                             String failureReason,
                             @Schema(nullable = true, description = "extension of the spec: when the one reminder was "
                                     + "e-mailed (YYYY-MM-DD HH:MM:SS, UTC), else null")
                             String reminded) {

    /** {@code sent} is false until an e-mail actually went out (also for invitations never e-mailed), then a datetime. */
    @JsonPropertyOrder({"created", "scheduled", "sent"})
    public record Datetimes(String created, String scheduled,
                            @Schema(oneOf = {Boolean.class, String.class}, description = "false, or YYYY-MM-DD HH:MM:SS (UTC)")
                            Object sent) {
    }

    public static final String QUEUED = "queued";
    public static final String SENT = "sent";
    public static final String REMINDED = "reminded";
    public static final String REVIEWED = "reviewed";
    public static final String OPTED_OUT = "opted_out";
    public static final String FAILED = "failed";

    /** {@code reviewedInPopup}: the customer wrote the review in the consent pop-up after the invitation was added. */
    public static InvitationView of(Invitation invitation, boolean reviewedInPopup) {
        boolean failed = invitation.state == InvitationState.failed;
        return new InvitationView(invitation.email, invitation.orderNumber, invitation.delayDays, new Datetimes(
                Times.datetime(invitation.createdAt), Times.datetime(invitation.scheduledAt),
                invitation.sentAt == null ? Boolean.FALSE : Times.datetime(invitation.sentAt)),
                status(invitation, reviewedInPopup), failed ? invitation.lastError : null,
                invitation.remindedAt == null ? null : Times.datetime(invitation.remindedAt));
    }

    /**
     * The status from the stored state: a known review wins over sent and reminded; queued covers waiting, being
     * sent and waiting for a retry.
     */
    public static String status(Invitation invitation, boolean reviewedInPopup) {
        return switch (invitation.state) {
            case failed -> FAILED;
            case opted_out -> OPTED_OUT;
            case review_written -> REVIEWED;
            case queued, sending, retrying -> QUEUED;
            case sent -> invitation.reviewedAt != null || reviewedInPopup ? REVIEWED
                    : invitation.remindedAt != null ? REMINDED : SENT;
        };
    }
}
