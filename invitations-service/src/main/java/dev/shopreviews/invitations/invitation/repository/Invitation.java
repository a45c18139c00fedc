package dev.shopreviews.invitations.invitation.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One invitation of spec 2.4 plus its place in the send queue. Plain data, read and changed through repositories
 * ({@link InvitationRepository}, the sender's SendQueue); rows are inserted by the database function add_invitation
 * ({@link InvitationIntake}, {@link InvitationRepository#addInTransaction}).
 */
@Entity
@Table(name = "invitation")
public class Invitation {
    @Id
    public Long id;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public String email;

    @Column(name = "order_number", nullable = false)
    public String orderNumber;

    @Column(nullable = false)
    public String language;

    /** Always set on a stored row; null only on a row being added without a delay (add_invitation applies the default). */
    @Column(name = "delay_days", nullable = false)
    public Integer delayDays;

    @Column(name = "customer_name", nullable = false)
    public String customerName;

    /** JSON array of strings, or null. */
    @Column(name = "phone_numbers", columnDefinition = "text")
    public String phoneNumbers;

    @Column(name = "order_total", precision = 18, scale = 4)
    public BigDecimal orderTotal;

    /** JSON array of the order_data products, or null for an ordinary (shop-only) invitation. */
    @Column(columnDefinition = "text")
    public String products;

    public String client;

    @Column(name = "platform_version")
    public String platformVersion;

    @Column(name = "plugin_version")
    public String pluginVersion;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public InvitationState state;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "scheduled_at", nullable = false)
    public Instant scheduledAt;

    @Column(name = "sent_at")
    public Instant sentAt;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "next_attempt_at", nullable = false)
    public Instant nextAttemptAt;

    @Column(name = "last_error", length = 1000)
    public String lastError;

    /** When a review written through the invitation's link was stored (reviews.created), or null. */
    @Column(name = "reviewed_at")
    public Instant reviewedAt;

    /** When the reminder is due (or its lease or retry ends); null: no reminder (yet, or any more). */
    @Column(name = "reminder_due_at")
    public Instant reminderDueAt;

    /** When the one reminder was e-mailed, or null. */
    @Column(name = "reminded_at")
    public Instant remindedAt;

    @Column(name = "reminder_attempts", nullable = false)
    public int reminderAttempts;
}
