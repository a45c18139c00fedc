package dev.shopreviews.embed.browser.service;

import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URI;
import java.util.Locale;

/**
 * Which pages may POST for a webshop: its own website (the host of an Origin equals one of the snapshot's
 * {@code domains} or the host of its {@code url}, or is a subdomain of one, such as www.), the suite's own
 * PUBLIC_BASE_URL, and embed-service's own address (same origin: the review-form pages it serves).
 */
@ApplicationScoped
public class Origins {
    private final EmbedConfig config;

    public Origins(EmbedConfig config) {
        this.config = config;
    }

    public boolean allowed(String origin, ShopDisplay shop, String ownOrigin) {
        URI uri = parse(origin);
        if (uri == null || uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
            return false;
        }
        String normalised = normalise(uri);
        if (normalised.equals(normalise(parse(config.publicBaseUrl()))) || (ownOrigin != null && normalised.equals(normalise(parse(ownOrigin))))) {
            return true;
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (shop == null) {
            return false;
        }
        for (String own : shop.ownHosts()) {
            String bare = own.startsWith("www.") ? own.substring(4) : own;
            if (host.equals(own) || host.equals(bare) || host.endsWith("." + bare)) {
                return true;
            }
        }
        return false;
    }

    private static URI parse(String text) {
        if (text == null || text.isBlank() || "null".equals(text)) {
            return null;
        }
        try {
            return URI.create(text.trim());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String normalise(URI uri) {
        if (uri == null || uri.getHost() == null) {
            return "";
        }
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        return uri.getScheme() + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }
}
