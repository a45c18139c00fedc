package dev.shopreviews.embed.readmodel.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.Instant;

/** The latest {@code ratings.summary} of a webshop: amount of published reviews and the averages (scale 1-5). */
@Entity
@Table(name = "shop_summary")
public class ShopSummary extends PanacheEntityBase {
    @Id
    @Column(name = "webshop_id")
    public Long webshopId;

    @Column(nullable = false)
    public long amount;

    @Column(name = "rating_average", nullable = false)
    public BigDecimal ratingAverage;

    @Column(nullable = false)
    public BigDecimal shippingtime;

    @Column(nullable = false)
    public BigDecimal customerservice;

    @Column(nullable = false)
    public BigDecimal pricequality;

    @Column(nullable = false)
    public BigDecimal aftersale;

    @Column(name = "occurred_at", nullable = false)
    public Instant occurredAt;
}
