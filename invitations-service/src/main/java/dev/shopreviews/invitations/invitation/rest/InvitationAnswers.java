package dev.shopreviews.invitations.invitation.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.invitations.invitation.mapping.InvitationView;

import java.util.List;

/**
 * Spec 4.2's bodies: success and error alike carry the list (empty on error). {@code total}, the number of the
 * webshop's invitations (0 on error), is an extension, as ratings.json has it: the platform's PHP client library pages
 * until it has read that many.
 */
@JsonPropertyOrder({"status", "message", "total", "invitations"})
public record InvitationAnswers(String status, String message, long total, List<InvitationView> invitations) {
    static InvitationAnswers of(long total, List<InvitationView> invitations) {
        return new InvitationAnswers(Messages.SUCCESS, InvitationsResource.RETRIEVED, total, invitations);
    }

    public static InvitationAnswers error(String message) {
        return new InvitationAnswers(Messages.ERROR, message, 0, List.of());
    }
}
