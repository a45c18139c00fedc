package dev.shopreviews.embed.product.service;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Reads the product keys of a request: {@code sku}, {@code gtin} and {@code product_id}, each possibly repeated. */
public final class ProductKeys {
    /** The most products one batch request may name (a listing page of 48). */
    public static final int BATCH_LIMIT = 48;

    private ProductKeys() {
    }

    /** Exactly one key, for the one-product endpoints. */
    public static ProductKey one(List<String> skus, List<String> gtins, List<String> productIds) {
        List<ProductKey> keys = read(skus, gtins, productIds);
        if (keys.size() != 1) {
            throw new ProductKey.Invalid("Name exactly one product: sku, gtin or product_id.");
        }
        return keys.get(0);
    }

    /** One to {@link #BATCH_LIMIT} distinct keys, in the order given. */
    public static List<ProductKey> batch(List<String> skus, List<String> gtins, List<String> productIds) {
        int named = size(skus) + size(gtins) + size(productIds);
        if (named > BATCH_LIMIT) {
            throw new ProductKey.Invalid("At most " + BATCH_LIMIT + " products per request.");
        }
        List<ProductKey> keys = read(skus, gtins, productIds);
        if (keys.isEmpty()) {
            throw new ProductKey.Invalid("Name at least one product: sku, gtin or product_id.");
        }
        return keys;
    }

    private static List<ProductKey> read(List<String> skus, List<String> gtins, List<String> productIds) {
        Set<ProductKey> keys = new LinkedHashSet<>();
        add(keys, ProductKey.Kind.SKU, skus);
        add(keys, ProductKey.Kind.GTIN, gtins);
        add(keys, ProductKey.Kind.PRODUCT_ID, productIds);
        return new ArrayList<>(keys);
    }

    private static void add(Set<ProductKey> keys, ProductKey.Kind kind, List<String> values) {
        if (values != null) {
            values.forEach(value -> keys.add(ProductKey.of(kind, value)));
        }
    }

    private static int size(List<String> values) {
        return values == null ? 0 : values.size();
    }
}
