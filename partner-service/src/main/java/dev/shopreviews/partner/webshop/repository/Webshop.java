package dev.shopreviews.partner.webshop.repository;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A webshop: partner-service's source of truth. The API code is kept as a SHA-256 hash (which authenticates) and
 * encrypted (which only embed-service decrypts, to check order-data signatures). A plain entity: it is
 * read and written only through {@link WebshopRepository}.
 */
@Entity
@Table(name = "webshop")
public class Webshop {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "webshop_id")
    @SequenceGenerator(name = "webshop_id", sequenceName = "webshop_id_seq", allocationSize = 1)
    public Long id;

    @Column(name = "api_code_hash", nullable = false)
    public String apiCodeHash;
    /** The API code encrypted ({@code ApiCodeCipher}); null for a code issued before V6 (until it is rotated). */
    @Column(name = "api_code_cipher", columnDefinition = "text")
    public String apiCodeCipher;
    @Column(name = "public_code", nullable = false)
    public String publicCode;
    @Column(nullable = false)
    public String name;
    @Column(nullable = false)
    public String url;
    @Column(name = "main_language", nullable = false)
    public String mainLanguage;
    /** Comma-separated ISO-639-1 codes; the main language first. */
    @Column(nullable = false)
    public String languages;

    public String street;
    public String housenumber;
    public String postalcode;
    public String city;
    public String country;
    public String phone;
    public String email;
    public String vat;
    public String logo;
    @Column(name = "hero_color")
    public String heroColor;
    @Column(name = "hero_image")
    public String heroImage;
    @Column(name = "approved_at")
    public Instant approvedAt;
    @Column(name = "reply_access", nullable = false)
    public boolean replyAccess;
    @Column(nullable = false)
    public boolean active = true;
    @Column(name = "partner_source")
    public String partnerSource;
    @Column(name = "partner_external_id")
    public String partnerExternalId;
    @Column(name = "rating_average")
    public BigDecimal ratingAverage;
    @Column(name = "rating_count", nullable = false)
    public long ratingCount;
    @Column(name = "summary_at")
    public Instant summaryAt;
    @Column(nullable = false)
    public long version = 1;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "webshop_domain", joinColumns = @JoinColumn(name = "webshop_id"))
    @Column(name = "domain")
    public Set<String> domains = new HashSet<>();

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "partner_assurance", joinColumns = @JoinColumn(name = "webshop_id"))
    @MapKeyColumn(name = "partner")
    @Column(name = "status")
    public Map<String, Boolean> partnerAssurances = new HashMap<>();

    public List<String> languageList() {
        return new ArrayList<>(List.of(languages.split(",")));
    }
}
