package dev.shopreviews.invitations.consent.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * Table order_consent as an entity, only so it can be read with HQL: Hibernate Reactive 3.4.1 never finds a native
 * select in its query plan cache (README, Known issues). Written with native upserts by {@link OrderConsentRepository};
 * read it with projections, never as managed entities.
 */
@Entity
@Table(name = "order_consent")
@IdClass(OrderConsentRow.Key.class)
public class OrderConsentRow {
    @Id
    @Column(name = "webshop_id")
    public long webshopId;

    @Id
    @Column(name = "order_number")
    public String orderNumber;

    @Column(nullable = false)
    public String choice;

    @Column(name = "invite_delay_days", nullable = false)
    public int inviteDelayDays;

    public String email;

    @Column(name = "recorded_at", nullable = false)
    public Instant recordedAt;

    @Column(name = "confirmed_at")
    public Instant confirmedAt;

    /** The primary key (webshop_id, order_number). */
    public static class Key implements Serializable {
        public long webshopId;
        public String orderNumber;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.webshopId == webshopId && Objects.equals(key.orderNumber, orderNumber);
        }

        @Override
        public int hashCode() {
            return Objects.hash(webshopId, orderNumber);
        }
    }
}
