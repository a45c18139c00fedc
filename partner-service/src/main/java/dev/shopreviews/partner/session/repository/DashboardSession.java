package dev.shopreviews.partner.session.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One signed-in dashboard session; its id is the cookie's {@code sid}. */
@Entity
@Table(name = "owner_session")
public class DashboardSession {
    @Id
    public String id;

    @Column(name = "owner_id", nullable = false)
    public long ownerId;

    @Column(name = "opened_at", nullable = false)
    public Instant openedAt;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    /** Browser and system, e.g. "Firefox on Windows"; never the address. */
    @Column(nullable = false)
    public String client;

    @Column(name = "ended_at")
    public Instant endedAt;
}
