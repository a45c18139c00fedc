package dev.shopreviews.embed.browser.service;

import java.util.Locale;
import java.util.Set;

/**
 * The reviewer's country that ratings-service needs (two-letter code): the region of the browser's first
 * Accept-Language entry that has one; otherwise the webshop's address country; otherwise NL.
 */
public final class Countries {
    private static final Set<String> CODES = Set.of(Locale.getISOCountries());

    private Countries() {
    }

    public static String guess(String acceptLanguage, String shopCountryName) {
        if (acceptLanguage != null) {
            for (String part : acceptLanguage.split(",")) {
                String tag = part.split(";")[0].trim();
                String region = Locale.forLanguageTag(tag).getCountry();
                if (region.length() == 2 && CODES.contains(region)) {
                    return region;
                }
            }
        }
        if (shopCountryName != null && !shopCountryName.isBlank()) {
            String name = shopCountryName.trim();
            if (name.length() == 2 && CODES.contains(name.toUpperCase(Locale.ROOT))) {
                return name.toUpperCase(Locale.ROOT);
            }
            for (String code : CODES) {
                Locale country = new Locale("", code);
                if (name.equalsIgnoreCase(country.getDisplayCountry(Locale.ENGLISH))) {
                    return code;
                }
            }
        }
        return "NL";
    }
}
