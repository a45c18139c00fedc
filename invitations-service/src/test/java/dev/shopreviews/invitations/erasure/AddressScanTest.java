package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.invitations.erasure.service.AddressScan;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The erasure's scan of dead letters finds exactly the addresses common's EmailHash.mentionedIn finds, in linear time. */
class AddressScanTest {

    @Test
    void findsTheSameAddressesAsCommonsScan() {
        for (String text : List.of("", "no address", "{\"email\":\"Anna.B+x@Example.COM\",\"n\":1}", "a@b.c", "a@b.co",
                "x@y@b.com", "a@b.com@c.org", "a@b.com1x@c.de", "a@b.c.de.f", "a@.com", "a@b..com", "a@b.com.x9",
                "'q'@w-e.r.tt, z@z.zz; @x.com a@ b@c.dd", "\u00e4a@b.cc \u00fc@b.cc", "a@b.cc\u0000d@e.ff",
                "first a@b.cc then A@B.CC and a@b.c-d.ee", "___@---.aa", "a@b-.cc.d1.ee2")) {
            assertEquals(EmailHash.mentionedIn(text), AddressScan.hashesIn(text), text);
        }
    }

    @Test
    void aLongRunWithoutAnAtSignTakesNoTime() {
        String text = "{\"first_name\":\"" + "x".repeat(1_000_000) + "\",\"email\":\"anna@example.com\"}";
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(2), () ->
                assertEquals(java.util.Set.of(EmailHash.of("anna@example.com")), AddressScan.hashesIn(text)));
    }
}
