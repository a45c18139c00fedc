package dev.shopreviews.partner.session.service;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientDescriptionsTest {

    @Test
    void aUserAgentBecomesBrowserFamilyAndSystemOnly() {
        assertEquals("Edge on Windows", ClientDescriptions.describe("Mozilla/5.0 (Windows NT 10.0; Win64; x64) "
                + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87"));
        assertEquals("Chrome on Android", ClientDescriptions.describe("Mozilla/5.0 (Linux; Android 14; Pixel 8) "
                + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"));
        assertEquals("Safari on iOS", ClientDescriptions.describe("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) "
                + "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"));
        assertEquals("Firefox on macOS", ClientDescriptions.describe("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) "
                + "Gecko/20100101 Firefox/127.0"));
        assertEquals("Unknown browser on Linux", ClientDescriptions.describe("curl-like (X11; Linux x86_64)"));
        assertEquals("Unknown browser", ClientDescriptions.describe("<script>alert(1)</script>"));
        assertEquals("Unknown browser", ClientDescriptions.describe(null));
    }
}
