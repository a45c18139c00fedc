package dev.shopreviews.embed.i18n;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parameterless texts of {@link EmbedMessages} that sidebar.js shows, as a key to text table per language. */
public final class ScriptTexts {
    /** Keys sidebar.js uses (parameterless methods of EmbedMessages). */
    public static final List<String> KEYS = List.of("tab", "sidebarLabel", "reviews", "reviewOne", "outOf5", "keyPoints",
            "details", "latestReviews", "noReviews", "allReviews", "writeReview", "close", "badgeApproved", "badgeVerified",
            "badgePartner", "shippingtime", "customerservice", "pricequality", "aftersale", "overall", "comment", "yourName",
            "yourEmail", "send", "askLater", "consentTitle", "consentText", "consentNote", "addReviewTitle", "thanks",
            "laterThanks", "incomplete", "failed", "verified", "shopReply", "stars", "choose", "howChecked", "hiddenBy",
            "importedFrom");

    private ScriptTexts() {
    }

    public static Map<String, String> of(String iso1) {
        EmbedMessages messages = Languages.messages(iso1);
        Map<String, String> texts = new LinkedHashMap<>();
        for (String key : KEYS) {
            try {
                Method method = EmbedMessages.class.getMethod(key);
                texts.put(key, (String) method.invoke(messages));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Message " + key + " is missing", e);
            }
        }
        return texts;
    }
}
