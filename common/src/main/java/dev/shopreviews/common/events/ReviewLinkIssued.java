package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.links.ReviewLink;

import java.time.Instant;

/**
 * Topic {@code review-links} (key = invitation id): invitations-service issued the opaque reference of an invitation
 * e-mail. Carries only the reference's hash ({@code LinkReferences.hash}) and what the review form shows; the
 * reference itself is only in the e-mail.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewLinkIssued(
        String eventId,
        String type,
        Instant occurredAt,
        String refHash,
        ReviewLink link) implements ReviewLinkEvent {

    public static final String TYPE = "review_link.issued";

    @Override
    public long webshopId() {
        return link.webshopId();
    }
}
