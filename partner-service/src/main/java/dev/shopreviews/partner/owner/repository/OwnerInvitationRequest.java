package dev.shopreviews.partner.owner.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** An invitation not yet handled: stored alike for an address with or without an account, so both answer alike. */
@Entity
@Table(name = "owner_invitation_request")
public class OwnerInvitationRequest {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public String email;

    /** The inviter as the audit log names it ({@code operator:<name>}, {@code partner:<name>}, …). */
    @Column(name = "invited_by", nullable = false)
    public String invitedBy;

    @Column(name = "requested_at", nullable = false)
    public Instant requestedAt;
}
