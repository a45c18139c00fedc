package dev.shopreviews.common.audit;

/** A webshop's API code (the id/code endpoints) as the actor of an audited change: {@code api-code:webshop:<id>}. */
public record ShopApiCode(long webshopId) implements Actor {
    @Override
    public String actor() {
        return "api-code:webshop:" + webshopId;
    }
}
