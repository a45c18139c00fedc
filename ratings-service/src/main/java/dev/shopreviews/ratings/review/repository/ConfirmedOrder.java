package dev.shopreviews.ratings.review.repository;

import java.util.Locale;

/** A webshop's order as the shop confirmed it: the order number and the invited e-mail address (lower case). */
public record ConfirmedOrder(long webshopId, String orderNumber, String email) {

    public static ConfirmedOrder of(long webshopId, String orderNumber, String email) {
        return new ConfirmedOrder(webshopId, orderNumber, normalEmail(email));
    }

    public static String normalEmail(String email) {
        return email == null ? "" : email.trim().toLowerCase(Locale.ROOT);
    }
}
