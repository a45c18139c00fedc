package dev.shopreviews.invitations.invitation.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.invitations.invitation.mapping.InvitationView;

import java.util.List;

/** Spec 4.2's bodies: success and error alike carry the list (empty on error). */
@JsonPropertyOrder({"status", "message", "invitations"})
public record InvitationAnswers(String status, String message, List<InvitationView> invitations) {
    static InvitationAnswers of(List<InvitationView> invitations) {
        return new InvitationAnswers(Messages.SUCCESS, InvitationsResource.RETRIEVED, invitations);
    }

    public static InvitationAnswers error(String message) {
        return new InvitationAnswers(Messages.ERROR, message, List.of());
    }
}
