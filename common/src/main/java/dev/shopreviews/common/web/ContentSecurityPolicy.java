package dev.shopreviews.common.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Content-Security-Policy of one rendered HTML page: only the inline scripts, style elements and style
 * attributes the page itself holds run (their SHA-256 hashes), nothing is loaded from elsewhere except images (and,
 * for the widget, a shop's https style sheet), forms post to the page's own origin, and {@code frame-ancestors}
 * says who may frame it.
 */
public final class ContentSecurityPolicy {
    private static final Pattern SCRIPT = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL);
    private static final Pattern STYLE = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL);
    private static final Pattern STYLE_ATTRIBUTE = Pattern.compile("\\sstyle=\"([^\"]*)\"");

    /** Who may show the page in a frame. */
    public enum Framing {
        /** Nobody: review forms, opt-out and status pages (no clickjacking of their buttons). */
        NOBODY("'none'"),
        /** Any shop: the widget is made to be framed on shop pages. */
        ANY_PAGE("*");

        private final String ancestors;

        Framing(String ancestors) {
            this.ancestors = ancestors;
        }
    }

    private ContentSecurityPolicy() {
    }

    /** The policy for {@code html}; {@code extraStyleSources} e.g. {@code https:} for a shop's own style sheet. */
    public static String of(String html, Framing framing, String extraStyleSources) {
        Set<String> scripts = hashes(SCRIPT, html, 1);
        Set<String> styles = hashes(STYLE, html, 1);
        Set<String> attributes = hashes(STYLE_ATTRIBUTE, html, 1);
        StringBuilder styleSources = new StringBuilder(String.join(" ", styles));
        if (!attributes.isEmpty()) {
            styleSources.append(" 'unsafe-hashes' ").append(String.join(" ", attributes));
        }
        if (extraStyleSources != null && !extraStyleSources.isBlank()) {
            styleSources.append(' ').append(extraStyleSources);
        }
        return "default-src 'none'; script-src " + orNone(String.join(" ", scripts))
                + "; style-src " + orNone(styleSources.toString().trim())
                + "; img-src https: http: data:; form-action 'self'; base-uri 'none'; frame-ancestors " + framing.ancestors;
    }

    private static Set<String> hashes(Pattern pattern, String html, int group) {
        Set<String> hashes = new LinkedHashSet<>();
        Matcher matcher = pattern.matcher(html);
        while (matcher.find()) {
            hashes.add("'sha256-" + sha256(unescapeAttribute(pattern, matcher.group(group))) + "'");
        }
        return hashes;
    }

    /** A style attribute is hashed as the browser reads it, after its character references. */
    private static String unescapeAttribute(Pattern pattern, String value) {
        if (pattern != STYLE_ATTRIBUTE) {
            return value;
        }
        return value.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    private static String orNone(String sources) {
        return sources.isEmpty() ? "'none'" : sources;
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
