package dev.shopreviews.embed.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * One rendered, cacheable response body, ready to be sent many times: its UTF-8 bytes, the same bytes gzip-compressed
 * (once, at the best compression level, when the entry is made), the strong ETag of the body, its media type and
 * Cache-Control max-age, and when it was made. {@code found} is false for a stand-in (e.g. the no-op script of an
 * unknown webshop), which {@link RenderedCache} keeps for a shorter time and evicts first.
 * The arrays are never handed out for writing: callers must not change them.
 */
public final class Rendered {
    private final byte[] plain;
    private final byte[] gzipped;
    private final String etag;
    private final String mediaType;
    private final String cacheControl;
    private final Instant made;
    private final boolean found;

    private Rendered(byte[] plain, byte[] gzipped, String etag, String mediaType, String cacheControl, Instant made, boolean found) {
        this.plain = plain;
        this.gzipped = gzipped;
        this.etag = etag;
        this.mediaType = mediaType;
        this.cacheControl = cacheControl;
        this.made = made;
        this.found = found;
    }

    /** Encodes and compresses {@code body} now (a few milliseconds for ~20 KB: do it once, not per request). */
    public static Rendered of(String body, String mediaType, Duration maxAge, boolean found) {
        byte[] plain = body.getBytes(StandardCharsets.UTF_8);
        return new Rendered(plain, gzip(plain), Caching.etag(plain), mediaType, Caching.cacheControl(maxAge), Instant.now(), found);
    }

    public byte[] plain() {
        return plain;
    }

    public byte[] gzipped() {
        return gzipped;
    }

    /** The strong entity tag of the (uncompressed) body, without quotes. */
    public String etag() {
        return etag;
    }

    public String mediaType() {
        return mediaType;
    }

    public String cacheControl() {
        return cacheControl;
    }

    public Instant made() {
        return made;
    }

    public boolean found() {
        return found;
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
