package dev.shopreviews.embed.richsnippet.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * schema.org {@code Organization} with its {@code AggregateRating}, the content of the rich snippet the shop plugins
 * print on the shop's own pages: ratingValue the 1-5 average with two decimals, bestRating 5 and worstRating 1 (the
 * scale of the product stars' JSON-LD), ratingCount and reviewCount the number of reviews the summary counts. None
 * without reviews (Google refuses an AggregateRating of none).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"@context", "@type", "name", "url", "logo", "sameAs", "aggregateRating"})
public record ShopRatingJsonLd(@JsonProperty("@context") String context, @JsonProperty("@type") String type, String name, String url,
                               String logo, String sameAs, AggregateRating aggregateRating) {

    @JsonPropertyOrder({"@type", "ratingValue", "bestRating", "worstRating", "ratingCount", "reviewCount"})
    public record AggregateRating(@JsonProperty("@type") String type, BigDecimal ratingValue, int bestRating, int worstRating,
                                  long ratingCount, long reviewCount) {
    }

    /** The markup of {@code shop}, {@code page} its public review page; null while it has no reviews. */
    public static ShopRatingJsonLd of(ShopDisplay shop, String page) {
        if (shop.amount() <= 0) {
            return null;
        }
        return new ShopRatingJsonLd("https://schema.org", "Organization", shop.name(), shop.url(), shop.logo(), page,
                new AggregateRating("AggregateRating", shop.ratingAverage().setScale(2, RoundingMode.HALF_UP), 5, 1,
                        shop.amount(), shop.amount()));
    }
}
