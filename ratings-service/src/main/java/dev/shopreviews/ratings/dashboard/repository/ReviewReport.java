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
 * dashboard. Open until an operator decision on the review resolves it. Data only: read and written through
 * {@link ReviewReports}.
 */
@Entity
@Table(name = "review_report")
public class ReviewReport {
    public static final String OWNER = "owner";

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

    @Column(nullable = false)
    public String reason;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "resolved_at")
    public Instant resolvedAt;
}
