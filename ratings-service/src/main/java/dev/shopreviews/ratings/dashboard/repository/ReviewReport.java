package dev.shopreviews.ratings.dashboard.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A request to the operator to look at a review ("reported"): from the shop's owner (source {@value #OWNER}) in the
 * dashboard, or from a visitor of the public page or widget (source {@value #VISITOR}, with a {@code category} from a
 * fixed list and an optional text). Open until an operator decision on the review resolves it. Data only: read and
 * written through {@link ReviewReports}.
 */
@Entity
@Table(name = "review_report")
public class ReviewReport {
    public static final String OWNER = "owner";
    public static final String VISITOR = "visitor";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "review_id", nullable = false)
    public long reviewId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public String source;

    /** Who reported, as the audit log names actors (an owner: "owner:&lt;id&gt;"). */
    @Column(nullable = false)
    public String reporter;

    /** The owner's reason; a visitor's optional text ("" without one). */
    @Column(nullable = false)
    public String reason;

    /** A visitor's reason from the fixed list (spam, offensive, illegal, ...); null for an owner's report. */
    public String category;

    /** SHA-256 of a visitor's client address while the report is open (one open report per review and client). */
    @Column(name = "client_key")
    public String clientKey;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "resolved_at")
    public Instant resolvedAt;

    /** What the moderators read as the report's reason: a visitor's category with the text, if any. */
    public String describe() {
        if (category == null) {
            return reason;
        }
        return reason == null || reason.isEmpty() ? category : category + ": " + reason;
    }
}
