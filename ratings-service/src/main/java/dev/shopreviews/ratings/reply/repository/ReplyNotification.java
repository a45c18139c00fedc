package dev.shopreviews.ratings.reply.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * An e-mail owed to a reviewer about the shop's reply; written with the reply, sent (and retried) by a scheduler.
 * Data only: read and written through {@link ReplyNotificationRepository}.
 */
@Entity
@Table(name = "reply_notification")
public class ReplyNotification {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "review_id", nullable = false)
    public long reviewId;

    @Column(nullable = false)
    public String recipient;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "next_try_at", nullable = false)
    public Instant nextTryAt;

    @Column(name = "sent_at")
    public Instant sentAt;

    @Column(name = "last_error")
    public String lastError;
}
