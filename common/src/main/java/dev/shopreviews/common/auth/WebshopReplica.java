package dev.shopreviews.common.auth;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A service's local copy of a webshop, kept from the compacted {@code webshops} topic. It holds a hash of the
 * API code, never the code. {@code snapshot} keeps the whole event for services that show more of the shop.
 */
@Entity
@Table(name = "webshop_replica")
public class WebshopReplica extends PanacheEntityBase {
    @Id
    public Long id;

    @Column(name = "api_code_hash", nullable = false)
    public String apiCodeHash;

    @Column(name = "public_code", nullable = false)
    public String publicCode;

    @Column(nullable = false)
    public String name;

    @Column(name = "main_language", nullable = false)
    public String mainLanguage;

    /** Comma-separated ISO-639-1 codes of the languages enabled for the webshop. */
    @Column(nullable = false)
    public String languages;

    @Column(name = "reply_access", nullable = false)
    public boolean replyAccess;

    @Column(nullable = false)
    public boolean active;

    /** Snapshot version from partner-service; an older snapshot never overwrites a newer one. */
    @Column(nullable = false)
    public long version;

    @Column(nullable = false, columnDefinition = "text")
    public String snapshot;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public boolean speaks(String iso) {
        return iso != null && java.util.Arrays.asList(languages.split(",")).contains(iso);
    }
}
