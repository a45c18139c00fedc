package dev.shopreviews.embed.widget.service;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The widget's {@code css} parameter (spec 4.15: rules, or the URL of a CSS file). Nothing in it may leave the style
 * context: rules are written into a {@code <style>} element only when they contain no {@code <} (so no
 * {@code </style>}), no backslash (no escapes that hide a keyword), no {@code @import} or {@code url(} other than of
 * an https address, and none of {@code expression(}, {@code javascript:}, {@code -moz-binding}, {@code behavior:};
 * a URL becomes a {@code <link rel="stylesheet">} only when it is https without quotes, brackets, spaces or angle brackets.
 */
public final class CssGuard {
    public static final int MAX_RULES = 10_000;
    private static final Pattern URL = Pattern.compile("https://[A-Za-z0-9._~:/?#@!$&*+,;=%-]{1,2040}");
    private static final Pattern IMPORT = Pattern.compile("@import", Pattern.CASE_INSENSITIVE);
    private static final Pattern IMPORT_HTTPS = Pattern.compile("@import\\s+(url\\(\\s*)?[\"']?https://", Pattern.CASE_INSENSITIVE);
    private static final Pattern URL_FN = Pattern.compile("url\\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern URL_FN_HTTPS = Pattern.compile("url\\(\\s*[\"']?https://", Pattern.CASE_INSENSITIVE);

    private CssGuard() {
    }

    /** Either rules for a style element or a stylesheet URL; both absent without css. */
    public record Css(String rules, String url) {
        public static final Css NONE = new Css(null, null);
    }

    /** The checked css, or the reason it is refused. */
    public static Css check(String css) {
        if (css == null || css.isBlank()) {
            return Css.NONE;
        }
        String text = css.trim();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("//")) {
            throw new WidgetParams.Invalid("Invalid value for css: a stylesheet URL must use https.");
        }
        if (lower.startsWith("https://")) {
            if (!URL.matcher(text).matches()) {
                throw new WidgetParams.Invalid("Invalid value for css: the stylesheet URL contains characters that are not allowed.");
            }
            return new Css(null, text);
        }
        if (text.length() > MAX_RULES) {
            throw new WidgetParams.Invalid("Invalid value for css: at most " + MAX_RULES + " characters of rules.");
        }
        Optional<String> problem = problem(text, lower);
        if (problem.isPresent()) {
            throw new WidgetParams.Invalid("Invalid value for css: " + problem.get());
        }
        return new Css(text, null);
    }

    private static Optional<String> problem(String text, String lower) {
        if (text.indexOf('<') >= 0) {
            return Optional.of("the character < is not allowed.");
        }
        if (text.indexOf('\\') >= 0) {
            return Optional.of("backslash escapes are not allowed.");
        }
        if (countOf(IMPORT.matcher(text)) != countOf(IMPORT_HTTPS.matcher(text))) {
            return Optional.of("@import is allowed only of an https URL.");
        }
        if (countOf(URL_FN.matcher(text)) != countOf(URL_FN_HTTPS.matcher(text))) {
            return Optional.of("url() is allowed only with an https URL.");
        }
        for (String banned : new String[] {"expression(", "javascript:", "-moz-binding", "behavior:", "vbscript:"}) {
            if (lower.replace(" ", "").contains(banned)) {
                return Optional.of(banned + " is not allowed.");
            }
        }
        return Optional.empty();
    }

    private static int countOf(Matcher matcher) {
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }
}
