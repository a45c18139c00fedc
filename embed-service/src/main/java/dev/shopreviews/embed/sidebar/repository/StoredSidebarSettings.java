package dev.shopreviews.embed.sidebar.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One webshop's sidebar settings as its owner saved them in the dashboard (table sidebar_settings, migration V9). */
@Entity
@Table(name = "sidebar_settings")
public class StoredSidebarSettings extends PanacheEntityBase {
    @Id
    @Column(name = "webshop_id")
    public long webshopId;

    @Column(nullable = false)
    public boolean sidebar;

    @Column(nullable = false)
    public String position;

    @Column(name = "top_offset", nullable = false)
    public String top;

    @Column(nullable = false)
    public String theme;

    @Column(nullable = false)
    public String mobile;

    @Column(name = "mobile_tab", nullable = false)
    public String mobileTab;

    @Column(nullable = false)
    public boolean tooltip;

    @Column(nullable = false)
    public String language;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
