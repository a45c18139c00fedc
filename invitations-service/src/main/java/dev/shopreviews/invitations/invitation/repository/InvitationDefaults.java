package dev.shopreviews.invitations.invitation.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A webshop's invitation defaults, set by its owner in the dashboard (migration V11): the delay in days of an
 * invitation added without one (applied by the database function add_invitation) and the display name of the
 * invitation e-mail's From header (null: the configured one); since V12 the reminder's days (0: none) and the Reply-To
 * address. No row: the spec's default delay 0, the configured From, no reminder, no Reply-To.
 */
@Entity
@Table(name = "invitation_defaults")
public class InvitationDefaults {
    @Id
    @Column(name = "webshop_id")
    public Long webshopId;

    @Column(name = "default_delay", nullable = false)
    public int defaultDelay;

    @Column(name = "sender_name", length = 100)
    public String senderName;

    /** Days after sending that the one reminder goes out; 0: no reminders. */
    @Column(name = "reminder_days", nullable = false)
    public int reminderDays;

    /** The invitation e-mail's Reply-To address, or null. */
    @Column(name = "reply_to", length = 254)
    public String replyTo;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "updated_by", nullable = false, length = 200)
    public String updatedBy;
}
