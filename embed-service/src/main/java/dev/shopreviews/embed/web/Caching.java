package dev.shopreviews.embed.web;

import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Response;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/** Cache headers of the public, cacheable parts: Cache-Control max-age, a strong ETag of the body, 304 on a match. */
public final class Caching {
    private Caching() {
    }

    public static Response cached(String body, String mediaType, Duration maxAge, String ifNoneMatch) {
        String tag = etag(body);
        String cacheControl = "public, max-age=" + maxAge.toSeconds();
        if (ifNoneMatch != null && matches(ifNoneMatch, tag)) {
            return Response.notModified(new EntityTag(tag)).header("Cache-Control", cacheControl).build();
        }
        return Response.ok(body, mediaType).tag(new EntityTag(tag)).header("Cache-Control", cacheControl)
                .header("X-Content-Type-Options", "nosniff").build();
    }

    private static boolean matches(String header, String tag) {
        for (String candidate : header.split(",")) {
            String value = candidate.trim();
            if (value.startsWith("W/")) {
                value = value.substring(2);
            }
            if (value.equals("*") || value.equals("\"" + tag + "\"")) {
                return true;
            }
        }
        return false;
    }

    static String etag(String body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
