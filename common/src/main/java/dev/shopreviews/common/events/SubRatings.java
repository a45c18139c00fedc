package dev.shopreviews.common.events;

/** The four sub-ratings of spec 2.2, each 1-5. */
public record SubRatings(int shippingtime, int customerservice, int pricequality, int aftersale) {
}
