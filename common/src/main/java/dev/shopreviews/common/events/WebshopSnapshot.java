package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Topic {@code webshops} (compacted, key = webshop id): everything other services need of a webshop. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record WebshopSnapshot(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        long version,
        String apiCodeHash,
        String publicCode,
        String name,
        String url,
        String mainLanguage,
        List<String> languages,
        boolean replyAccess,
        boolean active,
        List<String> domains,
        Address address,
        String logo,
        String heroColor,
        String heroImage,
        Instant approvedAt,
        Map<String, Boolean> partnerAssurances,
        Instant created,
        String apiCodeCipher) implements Event {

    public static final String TYPE = "webshop.snapshot";

    /**
     * Without {@code api_code_cipher}: the API code encrypted with SECRET_ENCRYPTION_KEY (AES-256-GCM, bound to the
     * webshop id), which only embed-service decrypts to check order-data signatures; null for a code issued before
     * partner-service kept a copy (docs/api-notes.md, "Signed order data").
     */
    public WebshopSnapshot(String eventId, String type, Instant occurredAt, long webshopId, long version, String apiCodeHash,
                           String publicCode, String name, String url, String mainLanguage, List<String> languages,
                           boolean replyAccess, boolean active, List<String> domains, Address address, String logo,
                           String heroColor, String heroImage, Instant approvedAt, Map<String, Boolean> partnerAssurances,
                           Instant created) {
        this(eventId, type, occurredAt, webshopId, version, apiCodeHash, publicCode, name, url, mainLanguage, languages,
                replyAccess, active, domains, address, logo, heroColor, heroImage, approvedAt, partnerAssurances, created, null);
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Address(String street, String housenumber, String postalcode, String city, String country) {
    }
}
