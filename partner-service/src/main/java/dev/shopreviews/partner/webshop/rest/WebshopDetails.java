package dev.shopreviews.partner.webshop.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

import java.util.List;

/** Spec 4.5 success: the webshop's name, address, logo and review-page languages. */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "data"})
public record WebshopDetails(String status, String message, Data data) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"name", "address", "logo", "languages"})
    public record Data(String name, Address address, String logo, List<Language> languages) {
    }

    /** Unknown parts are empty strings. */
    @JsonPropertyOrder({"street", "housenumber", "postalcode", "city", "country"})
    public record Address(String street, String housenumber, String postalcode, String city, String country) {
    }

    /** {@code all}: this page lists the reviews in all languages (the main-language page does, the others filter). */
    @JsonPropertyOrder({"name", "url", "iso", "all", "main"})
    public record Language(String name, String url, String iso, boolean all, boolean main) {
    }

    static WebshopDetails of(Data data) {
        return new WebshopDetails(Messages.SUCCESS, WebshopResource.SUCCESS, data);
    }
}
