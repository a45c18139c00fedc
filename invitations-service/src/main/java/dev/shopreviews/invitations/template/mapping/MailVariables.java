package dev.shopreviews.invitations.template.mapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fixed set of variables a shop's template may use, the same as the built-in texts show: {@code shop_name},
 * {@code customer_name} (empty when the invitation has none), {@code review_link}, {@code opt_out_link} and
 * {@code products} (the names of the order's products, for {@code {#for product in products}}).
 */
public record MailVariables(String shopName, String customerName, String reviewLink, String optOutLink,
                            List<String> products) {
    public static final String SHOP_NAME = "shop_name";
    public static final String CUSTOMER_NAME = "customer_name";
    public static final String REVIEW_LINK = "review_link";
    public static final String OPT_OUT_LINK = "opt_out_link";
    public static final String PRODUCTS = "products";
    /** What a body (HTML, plain text) may name. */
    public static final Set<String> BODY = Set.of(SHOP_NAME, CUSTOMER_NAME, REVIEW_LINK, OPT_OUT_LINK, PRODUCTS);
    /** What a subject may name. */
    public static final Set<String> SUBJECT = Set.of(SHOP_NAME, CUSTOMER_NAME);

    public MailVariables {
        shopName = shopName == null ? "" : shopName;
        customerName = customerName == null ? "" : customerName.strip();
        products = products == null ? List.of() : List.copyOf(products);
    }

    /** The template data: the five values under their names, nothing else. */
    public Map<String, Object> data() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put(SHOP_NAME, shopName);
        data.put(CUSTOMER_NAME, customerName);
        data.put(REVIEW_LINK, reviewLink);
        data.put(OPT_OUT_LINK, optOutLink);
        data.put(PRODUCTS, products);
        return data;
    }
}
