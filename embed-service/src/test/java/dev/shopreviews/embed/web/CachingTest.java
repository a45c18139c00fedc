package dev.shopreviews.embed.web;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Accept-Encoding negotiation and the stored gzip body. */
class CachingTest {

    private static boolean gzip(String... lines) {
        return Caching.acceptsGzip(Arrays.asList(lines));
    }

    @Test
    void gzipIsAcceptedWhenNamedOrCoveredByAStarWithAPositiveQuality() {
        assertTrue(gzip("gzip"));
        assertTrue(gzip("gzip, deflate, br"));
        assertTrue(gzip("br;q=1.0, GZIP;q=0.5"));
        assertTrue(gzip("x-gzip"));
        assertTrue(gzip("*"));
        assertTrue(gzip("deflate", "gzip ; q=0.8"), "several header lines");
        assertTrue(gzip("gzip;level=1;q=0.1"));
    }

    @Test
    void gzipIsRefusedWhenAbsentOrGivenQualityZero() {
        assertFalse(Caching.acceptsGzip(null));
        assertFalse(Caching.acceptsGzip(List.of()));
        assertFalse(gzip(""));
        assertFalse(gzip("identity"));
        assertFalse(gzip("deflate, br"));
        assertFalse(gzip("gzip;q=0"));
        assertFalse(gzip("gzip;q=0.000, deflate"));
        assertFalse(gzip("*, gzip;q=0"), "an explicit refusal wins over *");
        assertFalse(gzip("*;q=0"));
        assertFalse(gzip("gzip;q=nonsense"));
        assertFalse(gzip("gzipped"));
    }

    @Test
    void theStoredGzipBodyDecodesToTheRenderedBody() throws IOException {
        String body = "var a = '\u00e9\u2028';\n".repeat(500);
        byte[] utf8 = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Rendered rendered = Rendered.of(body, "application/javascript", Duration.ofMinutes(10), true);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(rendered.gzipped()))) {
            assertArrayEquals(utf8, in.readAllBytes());
        }
        assertArrayEquals(utf8, rendered.plain(), "the body for clients without gzip");
        assertEquals(body, rendered.text());
        assertTrue(rendered.gzipped().length < utf8.length / 10);
    }
}
