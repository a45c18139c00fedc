package dev.shopreviews.embed.browser.service;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.UUID;

/** Writes what a browser sent to the outbox. Call inside the request's transaction: all events or none. */
@ApplicationScoped
public class Submissions {
    private final Outbox outbox;

    public Submissions(Outbox outbox) {
        this.outbox = outbox;
    }

    /**
     * The pop-up choice, and for a written review the review itself (origin popup), in one transaction. With
     * {@code confirmedEmail} (the shop signed the order data for that address) also the shop's confirmation of the
     * order ({@code orders.confirmed}, as invitations-service writes it for an invited order), which makes ratings-service
     * publish the pop-up review of that order by that address as verified.
     */
    public Uni<Void> consent(long webshopId, String orderNumber, String choice, int inviteDelay, String email,
                             String firstName, ReviewSubmitted review, String confirmedEmail) {
        Instant now = Instant.now();
        ConsentRecorded consent = new ConsentRecorded(UUID.randomUUID().toString(), ConsentRecorded.TYPE, now,
                webshopId, orderNumber, choice, inviteDelay, email, firstName);
        Uni<Void> recorded = outbox.append(Topics.CONSENTS_RECORDED, ConsentRecorded.key(webshopId, orderNumber), consent);
        if (confirmedEmail != null) {
            OrderConfirmed confirmed = new OrderConfirmed(UUID.randomUUID().toString(), OrderConfirmed.TYPE, now, webshopId,
                    orderNumber, confirmedEmail);
            recorded = recorded.chain(() -> outbox.append(Topics.ORDERS_CONFIRMED, String.valueOf(webshopId), confirmed));
        }
        return review == null ? recorded : recorded.chain(() -> review(review));
    }

    public Uni<Void> review(ReviewSubmitted review) {
        return outbox.append(Topics.REVIEWS_SUBMITTED, String.valueOf(review.webshopId()), review);
    }

    public static ReviewSubmitted submitted(long webshopId, String origin, Long invitationId, String orderNumber,
                                            BrowserInput.WrittenReview review, String country, String language,
                                            java.util.List<ReviewSubmitted.ProductReview> products, String clientAddress) {
        return new ReviewSubmitted(UUID.randomUUID().toString(), ReviewSubmitted.TYPE, Instant.now(), webshopId, origin,
                invitationId, orderNumber, review.name(), review.email(), country, language, review.rating(),
                review.ratings(), review.comment(), products, clientAddress);
    }
}
