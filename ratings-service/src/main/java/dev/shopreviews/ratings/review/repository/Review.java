package dev.shopreviews.ratings.review.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A review of a webshop (spec 2.2) with its flags (3.2). {@code held}: a pop-up review waiting for the shop's
 * order confirmation; held and quarantined reviews are not public. Deleted reviews keep their row
 * ({@code deletedAt}) so the detailed product feed can report them. Data only: read and written through
 * {@link ReviewRepository}.
 */
@Entity
@Table(name = "review")
public class Review {
    /** What public outputs show in place of a hidden review's texts, followed by the reason. */
    public static final String HIDDEN_NOTICE = "Hidden by the moderators: ";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(name = "source_event_id")
    public String sourceEventId;

    @Column(nullable = false)
    public String origin;

    @Column(name = "invitation_id")
    public Long invitationId;

    @Column(name = "order_number", nullable = false)
    public String orderNumber;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public String email;

    @Column(nullable = false)
    public String country;

    @Column(nullable = false)
    public String language;

    @Column(nullable = false)
    public short rating;

    @Column(nullable = false)
    public short shippingtime;

    @Column(nullable = false)
    public short customerservice;

    @Column(nullable = false)
    public short pricequality;

    @Column(nullable = false)
    public short aftersale;

    @Column(columnDefinition = "text")
    public String comment;

    @Column(name = "comment_hash")
    public String commentHash;

    @Column(name = "client_address")
    public String clientAddress;

    @Column(name = "is_read", nullable = false)
    public boolean read;

    @Column(nullable = false)
    public boolean quarantine;

    @Column(name = "quarantine_reason")
    public String quarantineReason;

    /** Set while the moderators keep the review hidden: public outputs show {@link #HIDDEN_NOTICE} and this reason. */
    @Column(name = "hidden_reason")
    public String hiddenReason;

    @Column(nullable = false)
    public boolean verified;

    @Column(nullable = false)
    public boolean held;

    /** The shop offered the reviewer something for the review (the 2.4 feed's is_incentivized_review). */
    @Column(nullable = false)
    public boolean incentivized;

    /** Imported from another provider (origin {@code import}): the source's name; null for our own reviews. */
    @Column(name = "import_source")
    public String importSource;

    /** The source's own id of an imported review (unique per webshop and source). */
    @Column(name = "import_source_id")
    public String importSourceId;

    /** The source says it collected the imported review as a verified purchase (not our {@link #verified}). */
    @Column(name = "import_verified_purchase", nullable = false)
    public boolean importVerifiedPurchase;

    @Column(name = "imported_at")
    public Instant importedAt;

    @Column(nullable = false, columnDefinition = "text")
    public String reaction = "";

    @Column(name = "reaction_at")
    public Instant reactionAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "modified_at", nullable = false)
    public Instant modifiedAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** When the reviewer's address was erased (customers.erased): personal fields blank, the review deleted. */
    @Column(name = "erased_at")
    public Instant erasedAt;

    public boolean imported() {
        return importSource != null;
    }

    public boolean hidden() {
        return hiddenReason != null;
    }

    /** The comment as every public output shows it: the moderators' notice while hidden, else the reviewer's text. */
    public String publicComment() {
        if (hidden()) {
            return HIDDEN_NOTICE + hiddenReason;
        }
        return comment == null || comment.isBlank() ? null : comment;
    }

    /**
     * Visible to the public (public_code callers, embeds, the plain feed, the summary). A hidden review is published
     * too: it keeps counting, only its texts are replaced ({@link #publicComment}).
     */
    public boolean published() {
        return !held && !quarantine && deletedAt == null;
    }
}
