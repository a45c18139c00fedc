package dev.shopreviews.ratings.report.rest;

import dev.shopreviews.ratings.config.RatingsConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URI;
import java.util.Locale;

/**
 * Whether a visitor's report may have come from another site, as embed-service's review form decides: a browser
 * names the page that posts ({@code Origin}; the report page's {@code Referrer-Policy: same-origin} keeps it) and,
 * in current browsers, whether it is another site ({@code Sec-Fetch-Site}). A post naming neither is a program's
 * (the JSON API), not a browser's, and is not refused here.
 */
@ApplicationScoped
public class SameSitePosts {
    private final String publicOrigin;

    public SameSitePosts(RatingsConfig config) {
        this.publicOrigin = normalised(config.publicBaseUrl());
    }

    /** True when the post comes from another site: a foreign (or opaque "null") Origin, or Sec-Fetch-Site cross-site. */
    public boolean crossSite(String origin, String fetchSite, String ownOrigin) {
        if (fetchSite != null && "cross-site".equals(fetchSite.trim().toLowerCase(Locale.ROOT))) {
            return true;
        }
        if (origin == null) {
            return false;
        }
        String from = normalised(origin);
        return from.isEmpty() || !(from.equals(publicOrigin) || from.equals(normalised(ownOrigin)));
    }

    /** scheme://host:port with the default port written out; empty for anything that is not an http(s) origin. */
    static String normalised(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        URI uri;
        try {
            uri = URI.create(text.trim());
        } catch (IllegalArgumentException e) {
            return "";
        }
        if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
            return "";
        }
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        return uri.getScheme() + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }
}
