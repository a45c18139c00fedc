package dev.shopreviews.common.web;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentSecurityPolicyTest {

    @Test
    void onlyThePagesOwnInlineScriptsStylesAndStyleAttributesAreAdmittedByTheirHashes() throws Exception {
        String html = "<html><head><style>body{color:red}</style></head><body><main style=\"--c:#fff;width:10px\">"
                + "<script>var a = 1;</script></main></body></html>";
        String policy = ContentSecurityPolicy.of(html, ContentSecurityPolicy.Framing.NOBODY, null);

        assertTrue(policy.startsWith("default-src 'none'; "), policy);
        assertTrue(policy.contains("script-src 'sha256-" + sha256("var a = 1;") + "'"), policy);
        assertTrue(policy.contains("style-src 'sha256-" + sha256("body{color:red}") + "' 'unsafe-hashes' 'sha256-"
                + sha256("--c:#fff;width:10px") + "'"), policy);
        assertTrue(policy.endsWith("frame-ancestors 'none'"), policy);
        assertFalse(policy.contains("unsafe-inline"), policy);
    }

    @Test
    void aPageWithoutScriptsAdmitsNoneAndTheWidgetMayBeFramedByAnyShopAndLoadItsHttpsStyleSheet() {
        String widget = ContentSecurityPolicy.of("<p>x</p>", ContentSecurityPolicy.Framing.ANY_PAGE, "https:");
        assertEquals("default-src 'none'; script-src 'none'; style-src https:; img-src https: http: data:; "
                + "form-action 'self'; base-uri 'none'; frame-ancestors *", widget);
    }

    private static String sha256(String text) throws Exception {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
