package dev.shopreviews.embed.browser.service;

import dev.shopreviews.common.rules.Country;

import java.util.Locale;
import java.util.Set;

/**
 * The reviewer's country that ratings-service needs (common's {@link Country} rule): the region of the browser's first
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
                if (Country.valid(region)) {
                    return region;
                }
            }
        }
        if (shopCountryName != null && !shopCountryName.isBlank()) {
            String name = shopCountryName.trim();
            if (Country.valid(name)) {
                return Country.normalise(name);
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
