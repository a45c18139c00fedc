package dev.shopreviews.partner.domain.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Spec 4.10: one matching webshop (the answer is a bare list of these, no envelope). {@code rating} is null while
 * the shop has no reviews; approved_date and partner_assurances are left out unless asked for (and, for the date, set).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "name", "url", "rating", "rating_count", "icon", "page", "hero_color", "hero_image", "created",
        "approved_date", "partner_assurances"})
public record DomainProfile(Long id, String name, String url, BigDecimal rating,
                            @JsonProperty("rating_count") long ratingCount, String icon, String page,
                            @JsonProperty("hero_color") String heroColor, @JsonProperty("hero_image") String heroImage,
                            String created,
                            @JsonProperty("approved_date") @JsonInclude(JsonInclude.Include.NON_NULL) String approvedDate,
                            // keyed by partner name (free-form: any partner's source), sorted
                            @JsonProperty("partner_assurances") @JsonInclude(JsonInclude.Include.NON_NULL)
                            Map<String, Boolean> partnerAssurances) {
}
