package dev.shopreviews.embed.readmodel.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.List;

/** A review as browsers see it; {@code shown} is false for held, quarantined and deleted reviews. */
@Entity
@Table(name = "shown_review")
public class ShownReview extends PanacheEntityBase {
    @Id
    @Column(name = "review_id")
    public Long reviewId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public boolean shown;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public int rating;

    @Column(nullable = false)
    public int shippingtime;

    @Column(nullable = false)
    public int customerservice;

    @Column(nullable = false)
    public int pricequality;

    @Column(nullable = false)
    public int aftersale;

    @Column(columnDefinition = "text")
    public String comment;

    /** Set while the operator keeps the review hidden: the public reason, shown in place of the comment. */
    @Column(name = "hidden_reason", columnDefinition = "text")
    public String hiddenReason;

    /** The invitation it was written through, if any (a used link opens it again). */
    @Column(name = "invitation_id")
    public Long invitationId;

    /** The provider the review was imported from (null: our own review): shown as "Imported from …", never verified. */
    @Column(name = "import_source")
    public String importSource;

    @Column(name = "review_date", nullable = false)
    public String reviewDate;

    @Column(nullable = false)
    public String created;

    public String language;

    public String country;

    @Column(nullable = false)
    public boolean verified;

    @Column(nullable = false, columnDefinition = "text")
    public String reaction;

    @Column(name = "changed_at", nullable = false)
    public Instant changedAt;

    /** The newest shown reviews of a webshop, newest first. */
    public static Uni<List<ShownReview>> latest(long webshopId, int limit) {
        return ShownReview.<ShownReview>find("webshopId = ?1 and shown = true order by created desc, reviewId desc", webshopId)
                .page(0, limit).list();
    }

    /** One page of a webshop's shown reviews, newest first, of one rating and language when given (null: any). */
    public static Uni<List<ShownReview>> page(long webshopId, Integer rating, String language, int offset, int size) {
        return ShownReview.<ShownReview>find(filtered(rating, language) + " order by created desc, reviewId desc",
                parameters(webshopId, rating, language)).range(offset, offset + size - 1).list();
    }

    /** How many shown reviews {@link #page} pages through. */
    public static Uni<Long> filteredCount(long webshopId, Integer rating, String language) {
        return ShownReview.count(filtered(rating, language), parameters(webshopId, rating, language));
    }

    private static String filtered(Integer rating, String language) {
        return "webshopId = :webshop and shown = true" + (rating == null ? "" : " and rating = :rating")
                + (language == null ? "" : " and language = :language");
    }

    private static io.quarkus.panache.common.Parameters parameters(long webshopId, Integer rating, String language) {
        io.quarkus.panache.common.Parameters parameters = io.quarkus.panache.common.Parameters.with("webshop", webshopId);
        if (rating != null) {
            parameters.and("rating", rating);
        }
        if (language != null) {
            parameters.and("language", language);
        }
        return parameters;
    }

    public static Uni<Long> verifiedCount(long webshopId) {
        return ShownReview.count("webshopId = ?1 and shown = true and verified = true", webshopId);
    }

    /** The review written through the invitation, shown or not (held, quarantined); null when there is none. */
    public static Uni<ShownReview> byInvitation(long webshopId, long invitationId) {
        return ShownReview.<ShownReview>find("webshopId = ?1 and invitationId = ?2 order by reviewId", webshopId, invitationId)
                .firstResult();
    }
}
