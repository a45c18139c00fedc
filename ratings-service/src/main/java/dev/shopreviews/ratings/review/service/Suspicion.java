package dev.shopreviews.ratings.review.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Text rules of the quarantine: links, phone numbers and e-mail addresses in a review's texts. */
public final class Suspicion {
    private static final Pattern LINK = Pattern.compile(
            "(?i)(\\bhttps?://|\\bwww\\.)\\S+|\\b[a-z0-9-]{2,}\\.(com|net|org|info|biz|nl|de|be|fr|eu|uk|io|ru|cn|shop|store|xyz)\\b(?![.@])");
    private static final Pattern EMAIL = Pattern.compile("(?i)[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}");
    /** Nine or more digits, optionally with +, spaces, dots, dashes or brackets between them. */
    private static final Pattern PHONE = Pattern.compile("(?:\\+|\\b)\\d(?:[\\s().-]{0,2}\\d){8,}\\b");

    private Suspicion() {
    }

    /** The reasons a text is suspicious, empty when it is not. */
    public static List<String> inText(String text) {
        List<String> reasons = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return reasons;
        }
        boolean email = EMAIL.matcher(text).find();
        if (email) {
            reasons.add("contains an e-mail address");
        }
        String withoutEmails = EMAIL.matcher(text).replaceAll(" ");
        if (LINK.matcher(withoutEmails).find()) {
            reasons.add("contains a link");
        }
        if (PHONE.matcher(text).find()) {
            reasons.add("contains a phone number");
        }
        return reasons;
    }

    /** The comment as compared for duplicates: lower case, whitespace collapsed, trimmed. */
    public static String normalise(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").trim();
    }
}
