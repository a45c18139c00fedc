package dev.shopreviews.invitations.sending.mail;

import java.util.Locale;
import java.util.Set;

/** The e-mail languages (nl, en, de, fr, es, it): the invitation's, else the webshop's main language, else English. */
public final class MailLanguages {
    public static final Set<String> SUPPORTED = Set.of("nl", "en", "de", "fr", "es", "it");
    public static final String FALLBACK = "en";

    private MailLanguages() {
    }

    public static String resolve(String invitationLanguage, String shopMainLanguage) {
        if (invitationLanguage != null && SUPPORTED.contains(invitationLanguage)) {
            return invitationLanguage;
        }
        if (shopMainLanguage != null && SUPPORTED.contains(shopMainLanguage)) {
            return shopMainLanguage;
        }
        return FALLBACK;
    }

    public static Locale locale(String language) {
        return Locale.forLanguageTag(SUPPORTED.contains(language) ? language : FALLBACK);
    }
}
