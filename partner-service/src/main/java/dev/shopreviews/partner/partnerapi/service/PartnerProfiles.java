package dev.shopreviews.partner.partnerapi.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.partner.domain.service.DomainNames;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import dev.shopreviews.partner.webshop.service.NewWebshop;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Locale;

/** Turns a schema-valid partner profile (spec 2.10) into a webshop, idempotently per (source, id). */
@ApplicationScoped
public class PartnerProfiles {
    private final WebshopService webshops;

    public PartnerProfiles(WebshopService webshops) {
        this.webshops = webshops;
    }

    /** {@code partner}: the name the caller's token was issued for, the profile's source. */
    public Uni<IssuedWebshop> create(JsonNode profile, String partner) {
        String shopUrl = profile.get("shop_url").asText();
        String domain = DomainNames.normalise(shopUrl).orElse(null);
        JsonNode address = firstAddress(profile.path("addresses"));
        String language = text(profile, "language");
        NewWebshop input = new NewWebshop(
                orDefault(text(profile, "name"), domain),
                shopUrl,
                language == null ? "en" : language,
                null,
                domain == null ? List.of() : List.of(domain),
                address == null ? null : new NewWebshop.Address(text(address, "street"), null,
                        text(address, "postcode"), text(address, "city"), countryName(text(address, "country"))),
                null, null, null,
                orDefault(text(profile, "phone"), address == null ? null : text(address, "phone")),
                address == null ? null : text(address, "email"),
                text(profile, "vat"));
        JsonNode assurance = profile.path("assurance").path("status");
        return webshops.createForPartner(input, partner, profile.get("id").asText(),
                assurance.isBoolean() ? assurance.booleanValue() : null);
    }

    private static JsonNode firstAddress(JsonNode addresses) {
        if (addresses.has("shop")) return addresses.get("shop");
        return addresses.has("company") ? addresses.get("company") : null;
    }

    private static String countryName(String code) {
        return code == null ? null : new Locale("", code).getDisplayCountry(Locale.ENGLISH);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
