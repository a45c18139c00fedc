package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 21: a shop name with a line break (from the webshop replica) can never make its invitation mails fail. */
@QuarkusTest
class ShopNameInMailHeadersTest {

    @Test
    void aShopNameWithALineBreakIsSentWithTheBreakCollapsedToASpaceInTheSubject() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en", "Broken\\r\\nBcc: attacker@example.com Shop %d");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));

        Mailbox.Mail mail = Mailbox.awaitOne(email);
        assertEquals(1, Mailbox.messages(email).size());
        assertEquals(false, mail.subject().contains("\n") || mail.subject().contains("\r"), mail.subject());
        assertEquals(true, mail.subject().contains("Broken Bcc: attacker@example.com Shop " + shop.id()), mail.subject());
        assertEquals(0, Mailbox.messages("attacker@example.com").size(), "no header was injected");
    }
}
