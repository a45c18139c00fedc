package dev.shopreviews.embed.product.service;

import dev.shopreviews.embed.product.repository.ProductReviewQueries;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Product stars of a shown webshop's products. Call inside a reactive session. */
@ApplicationScoped
public class ProductStarsReader {
    /** Newest reviews shown with one product. */
    static final int NEWEST = 10;

    private final ProductReviewQueries queries;

    public ProductStarsReader(ProductReviewQueries queries) {
        this.queries = queries;
    }

    /** Count, average, ratings for a batch: one per key, in the keys' order; unknown products have none. */
    public record Stars(ProductKey product, long ratingCount, java.math.BigDecimal ratingAverage) {
    }

    public Uni<ProductStars> one(long webshopId, ProductKey key) {
        return queries.totals(webshopId, key.kind(), List.of(key.value())).chain(totals -> {
            ProductReviewQueries.Totals found = totals.getOrDefault(key.value(), ProductReviewQueries.Totals.NONE);
            return found.ratings() == 0 ? Uni.createFrom().item(ProductStars.none(key))
                    : queries.newest(webshopId, key, NEWEST).map(rows -> ProductStars.of(key, found, rows));
        });
    }

    public Uni<List<Stars>> batch(long webshopId, List<ProductKey> keys) {
        Map<ProductKey.Kind, List<String>> byKind = keys.stream().collect(Collectors.groupingBy(ProductKey::kind,
                Collectors.mapping(ProductKey::value, Collectors.toList())));
        return queries.totals(webshopId, ProductKey.Kind.SKU, byKind.getOrDefault(ProductKey.Kind.SKU, List.of()))
                .chain(skus -> queries.totals(webshopId, ProductKey.Kind.GTIN, byKind.getOrDefault(ProductKey.Kind.GTIN, List.of()))
                        .chain(gtins -> queries.totals(webshopId, ProductKey.Kind.PRODUCT_ID,
                                        byKind.getOrDefault(ProductKey.Kind.PRODUCT_ID, List.of()))
                                .map(ids -> {
                                    List<Stars> stars = new ArrayList<>();
                                    for (ProductKey key : keys) {
                                        Map<String, ProductReviewQueries.Totals> of = switch (key.kind()) {
                                            case SKU -> skus;
                                            case GTIN -> gtins;
                                            case PRODUCT_ID -> ids;
                                        };
                                        ProductReviewQueries.Totals t = of.getOrDefault(key.value(), ProductReviewQueries.Totals.NONE);
                                        stars.add(new Stars(key, t.ratings(), ProductStars.average(t.average())));
                                    }
                                    return stars;
                                })));
    }
}
