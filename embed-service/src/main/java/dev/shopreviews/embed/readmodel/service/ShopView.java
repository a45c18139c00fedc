package dev.shopreviews.embed.readmodel.service;

import dev.shopreviews.common.events.WebshopSnapshot;

/**
 * What the read model knows of a webshop id: a shop to show, a shop the operator deactivated (its pages say that its
 * reviews are unavailable and nothing is collected for it), or nothing (an unknown id, or a snapshot that cannot be
 * read). Every browser part decides explicitly for each of the three.
 */
public sealed interface ShopView {

    record Shown(ShopDisplay display) implements ShopView {
    }

    /** The snapshot only: nothing of the read model (summary, reviews) is shown for it. */
    record Deactivated(WebshopSnapshot shop) implements ShopView {
    }

    record Unknown() implements ShopView {
    }
}
