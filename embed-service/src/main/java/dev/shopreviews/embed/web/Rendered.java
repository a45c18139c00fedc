package dev.shopreviews.embed.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * One rendered, cacheable response body, ready to be sent many times: its UTF-8 bytes, the same bytes gzip-compressed
 * (once, at the best compression level, when the entry is made), the strong ETag of the body, its media type and
 * Cache-Control max-age. {@code found} is false for a stand-in (e.g. the no-op script of an
 * unknown webshop), which {@link RenderedCache} keeps for a shorter time and evicts first.
 * {@code etag} is the strong entity tag of the uncompressed body, without quotes. The arrays are shared: callers
 * must not change them.
 */
public record Rendered(byte[] plain, byte[] gzipped, String etag, String mediaType, String cacheControl, boolean found) {

    /** Encodes and compresses {@code body} now (a few milliseconds for ~20 KB: do it once, not per request). */
    public static Rendered of(String body, String mediaType, Duration maxAge, boolean found) {
        byte[] plain = body.getBytes(StandardCharsets.UTF_8);
        return new Rendered(plain, gzip(plain), Caching.etag(plain), mediaType, Caching.cacheControl(maxAge), found);
    }

    /** The body as text (for tests and logs; the response sends the bytes). */
    public String text() {
        return new String(plain, StandardCharsets.UTF_8);
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, data.length / 3));
        try (GZIPOutputStream gzip = new BestGzip(out)) {
            gzip.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** GZIPOutputStream at Deflater.BEST_COMPRESSION (the JDK's default is level 6). */
    private static final class BestGzip extends GZIPOutputStream {
        BestGzip(ByteArrayOutputStream out) throws IOException {
            super(out, 8192);
            def.setLevel(Deflater.BEST_COMPRESSION);
        }
    }
}
