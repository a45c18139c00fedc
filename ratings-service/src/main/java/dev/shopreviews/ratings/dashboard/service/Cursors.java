package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.ratings.dashboard.repository.DashboardReviews;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard's opaque page cursor: the position (created, id) of a page's last review, base64url-encoded.
 * Not signed: it only says where to continue in the caller's own shop, every read is still limited to that shop.
 */
public final class Cursors {
    private static final Pattern FORMAT = Pattern.compile("^1:(-?\\d{1,12}):(\\d{1,9}):(\\d{1,18})$");

    private Cursors() {
    }

    public static String of(DashboardReviews.Position position) {
        String plain = "1:" + position.created().getEpochSecond() + ":" + position.created().getNano() + ":" + position.id();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.US_ASCII));
    }

    /** The position, or null when the value is no cursor of ours. */
    public static DashboardReviews.Position parse(String cursor) {
        if (cursor == null || cursor.length() > 64) {
            return null;
        }
        try {
            String plain = new String(Base64.getUrlDecoder().decode(cursor.trim()), StandardCharsets.US_ASCII);
            Matcher matcher = FORMAT.matcher(plain);
            if (!matcher.matches()) {
                return null;
            }
            long id = Long.parseLong(matcher.group(3));
            return id < 1 ? null : new DashboardReviews.Position(
                    Instant.ofEpochSecond(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))), id);
        } catch (RuntimeException notACursor) {
            return null;
        }
    }
}
