package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.partner.config.PartnerConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Locale;

/** Addresses of a webshop's public review pages (served by embed-service under /shop/). */
@ApplicationScoped
public class PublicPages {
    private final PartnerConfig config;

    public PublicPages(PartnerConfig config) {
        this.config = config;
    }

    public String page(long webshopId, String iso) {
        return base() + "/shop/" + webshopId + "/" + iso;
    }

    /** A language's name in that language, capitalised: "Nederlands", "English", "Deutsch". */
    public static String languageName(String iso) {
        Locale locale = Locale.forLanguageTag(iso);
        String name = locale.getDisplayLanguage(locale);
        return name.isEmpty() ? iso : name.substring(0, 1).toUpperCase(locale) + name.substring(1);
    }

    private String base() {
        String base = config.publicBaseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
