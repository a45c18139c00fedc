package dev.shopreviews.embed.readmodel.service;

import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.embed.readmodel.repository.ShownReview;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a browser part shows of one webshop, from the local read model only: the webshop snapshot, the
 * latest summary and the newest shown reviews.
 */
public record ShopDisplay(WebshopSnapshot shop, long amount, BigDecimal ratingAverage, Map<String, BigDecimal> subAverages,
                          List<ShownReview> reviews, long verifiedReviews) {

    public long id() {
        return shop.webshopId();
    }

    public String name() {
        return shop.name();
    }

    /** Average on the 1-5 scale with one decimal, "0.0" without reviews. */
    public String score() {
        return ratingAverage.setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /** Average on the 1-10 scale of spec 2.6, one decimal. */
    public String score10() {
        return ratingAverage.multiply(BigDecimal.valueOf(2)).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }

    /** Whole stars (0-5) to draw for the average. */
    public int stars() {
        return ratingAverage.setScale(0, RoundingMode.HALF_UP).intValue();
    }

    /** Http(s) logo of the webshop, or null. */
    public String logo() {
        String logo = shop.logo();
        return logo != null && (logo.startsWith("https://") || logo.startsWith("http://")) ? logo : null;
    }

    /** The webshop's own address (url of the snapshot) when it is http(s), or null. */
    public String url() {
        String url = shop.url();
        return url != null && (url.startsWith("https://") || url.startsWith("http://")) ? url : null;
    }

    /**
     * Badge keys earned: "approved" (the operator approved the shop), "verified" (verified reviews shown),
     * "partner" (at least one partner assurance). Texts come from the message bundle.
     */
    public List<String> badges() {
        List<String> badges = new ArrayList<>();
        if (shop.approvedAt() != null) {
            badges.add("approved");
        }
        if (verifiedReviews > 0) {
            badges.add("verified");
        }
        if (shop.partnerAssurances() != null && shop.partnerAssurances().containsValue(Boolean.TRUE)) {
            badges.add("partner");
        }
        return badges;
    }

    /** Host names that are the webshop's own (for the Origin check): its domains and the host of its url. */
    public List<String> ownHosts() {
        List<String> hosts = new ArrayList<>();
        if (shop.domains() != null) {
            shop.domains().stream().filter(d -> d != null && !d.isBlank()).map(d -> d.trim().toLowerCase()).forEach(hosts::add);
        }
        if (shop.url() != null) {
            try {
                String host = URI.create(shop.url().trim()).getHost();
                if (host != null) {
                    hosts.add(host.toLowerCase());
                }
            } catch (IllegalArgumentException ignored) {
                // an unusable url adds no host
            }
        }
        return hosts;
    }
}
