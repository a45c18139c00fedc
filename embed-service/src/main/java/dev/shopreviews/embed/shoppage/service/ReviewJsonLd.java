package dev.shopreviews.embed.shoppage.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.embed.readmodel.repository.ShownReview;

/**
 * schema.org {@code Review} of one public review on its own page ({@code /shop/{id}/reviews/{review}}): the shop as
 * {@code itemReviewed} (an {@code Organization}, with its address as {@code PostalAddress} when known),
 * {@code reviewRating} 1-5 of 5 (the scale of every JSON-LD of this service), {@code author}, {@code datePublished},
 * {@code reviewBody} when the review has a text. Only for shown, not hidden reviews.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"@context", "@type", "url", "itemReviewed", "reviewRating", "author", "datePublished", "inLanguage", "reviewBody"})
public record ReviewJsonLd(@JsonProperty("@context") String context, @JsonProperty("@type") String type, String url,
                           Organization itemReviewed, Rating reviewRating, Person author, String datePublished,
                           String inLanguage, String reviewBody) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"@type", "name", "url", "logo", "address"})
    public record Organization(@JsonProperty("@type") String type, String name, String url, String logo, Address address) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"@type", "streetAddress", "postalCode", "addressLocality", "addressCountry"})
    public record Address(@JsonProperty("@type") String type, String streetAddress, String postalCode, String addressLocality,
                          String addressCountry) {
    }

    @JsonPropertyOrder({"@type", "ratingValue", "bestRating", "worstRating"})
    public record Rating(@JsonProperty("@type") String type, int ratingValue, int bestRating, int worstRating) {
    }

    @JsonPropertyOrder({"@type", "name"})
    public record Person(@JsonProperty("@type") String type, String name) {
    }

    public static ReviewJsonLd of(WebshopSnapshot shop, String shopUrl, String logo, ShownReview review, String canonical) {
        return new ReviewJsonLd("https://schema.org", "Review", canonical,
                new Organization("Organization", shop.name(), shopUrl, logo, address(shop.address())),
                new Rating("Rating", review.rating, 5, 1), new Person("Person", review.name), review.reviewDate,
                review.language == null || review.language.isBlank() ? null : review.language,
                review.comment == null || review.comment.isBlank() ? null : review.comment);
    }

    private static Address address(WebshopSnapshot.Address address) {
        if (address == null || blank(address.street()) && blank(address.city()) && blank(address.country())) {
            return null;
        }
        String street = blank(address.street()) ? null
                : (address.street() + (blank(address.housenumber()) ? "" : " " + address.housenumber())).trim();
        return new Address("PostalAddress", street, blank(address.postalcode()) ? null : address.postalcode(),
                blank(address.city()) ? null : address.city(), blank(address.country()) ? null : address.country());
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
