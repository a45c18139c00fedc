package dev.shopreviews.embed.web;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * One rendered, cacheable response body, ready to be sent many times: the body's UTF-8 bytes gzip-compressed (once,
 * at the best compression level, when the entry is made), the strong ETag of the uncompressed body (without quotes),
 * its media type and Cache-Control max-age. Only the compressed bytes are kept: a cache of 2,000 sidebar scripts
 * holds ~14 MB instead of ~55 MB, and the rare client that does not accept gzip gets {@link #plain()}, inflated per
 * request (~0.1 ms for a sidebar). {@code found} is false for a stand-in (e.g. the no-op script of an unknown webshop),
 * which {@link RenderedCache} keeps for a shorter time and evicts first. The array is shared: callers must not change it.
 */
public record Rendered(byte[] gzipped, int plainLength, String etag, String mediaType, String cacheControl, boolean found) {

    /** Encodes and compresses {@code body} now (a few milliseconds for ~20 KB: do it once, not per request). */
    public static Rendered of(String body, String mediaType, Duration maxAge, boolean found) {
        byte[] plain = body.getBytes(StandardCharsets.UTF_8);
        return new Rendered(gzip(plain), plain.length, Caching.etag(plain), mediaType, Caching.cacheControl(maxAge), found);
    }

    /** The uncompressed body (a new array each call). */
    public byte[] plain() {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped), 8192)) {
            byte[] plain = in.readNBytes(plainLength);
            if (plain.length != plainLength) {
                throw new IllegalStateException("gzipped body shorter than " + plainLength + " bytes");
            }
            return plain;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The body as text (for tests and logs; the response sends the bytes). */
    public String text() {
        return new String(plain(), StandardCharsets.UTF_8);
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
