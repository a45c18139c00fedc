package dev.shopreviews.partner.owner;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.partner.Fixtures;
import dev.shopreviews.partner.Parallel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An owner invitation answers the same for an address that has a dashboard account and one that has none: the same
 * status and body (no owner id), the same work before the answer (a stored request; account, link and mail follow),
 * so neither the answer nor its time tells an inviter (the operator or a partner) whether the address is known.
 */
@QuarkusTest
class OwnerInvitationAnswersTest {
    @TestHTTPResource("/")
    URI base;

    private HttpRequest invite(long webshop, String email) {
        return Parallel.post(base, "admin/owners", "{\"webshop_id\":\"" + webshop + "\",\"email\":\"" + email + "\"}",
                "Authorization", Fixtures.OPERATOR);
    }

    private static long invitationMails(String email) {
        return Mailbox.messages(email).stream().filter(mail -> mail.subject().startsWith("Your shop's review dashboard")).count();
    }

    @Test
    void aKnownAndAnUnknownAddressGetTheSameAnswerAndBothTheirLink() {
        long first = Fixtures.webshop().id();
        long second = Fixtures.webshop().id();
        DashboardAccountTest.Signed known = DashboardAccountTest.owner(first);
        String unknown = DashboardAccountTest.newAddress("invite-unknown");

        HttpResponse<String> toKnown = Parallel.send(invite(second, known.email()));
        HttpResponse<String> toUnknown = Parallel.send(invite(second, unknown));

        assertEquals(200, toKnown.statusCode(), toKnown.body());
        assertEquals(toUnknown.statusCode(), toKnown.statusCode());
        assertEquals(toUnknown.body(), toKnown.body(), "the answer names no owner");
        // both mails follow the answer; the known owner's link works like a reset and the new shop is theirs
        await().atMost(Duration.ofSeconds(30)).until(() -> invitationMails(known.email()) == 2 && invitationMails(unknown) == 1);
        assertEquals(1, Db.count("select count(*) from owner_membership m join owner_account a on a.id = m.owner_id"
                + " where a.email = ? and m.webshop_id = ?", known.email(), second));
        assertEquals(1, Db.count("select count(*) from owner_account where email = ?", unknown));
        assertEquals(2, Db.count("select count(*) from audit_entry where action = 'owner.invite' and subject = ?",
                "webshop:" + second));
    }

    @Test
    void aKnownAddressIsNotAnsweredSlowerOrFasterThanAnUnknownOne() {
        long shop = Fixtures.webshop().id();
        long other = Fixtures.webshop().id();
        List<String> known = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String email = DashboardAccountTest.newAddress("invite-known");
            DashboardAccountTest.invite(shop, email);
            known.add(email);
        }
        for (int i = 0; i < 5; i++) {
            Parallel.send(invite(other, DashboardAccountTest.newAddress("warm-up")));
        }
        List<Long> knownNanos = new ArrayList<>();
        List<Long> unknownNanos = new ArrayList<>();
        int knownSlower = 0;
        for (int pair = 0; pair < known.size(); pair++) {
            String unknown = DashboardAccountTest.newAddress("invite-unknown");
            long knownTime;
            long unknownTime;
            // interleaved, each side first in every other pair
            if (pair % 2 == 0) {
                knownTime = timed(other, known.get(pair));
                unknownTime = timed(other, unknown);
            } else {
                unknownTime = timed(other, unknown);
                knownTime = timed(other, known.get(pair));
            }
            knownNanos.add(knownTime);
            unknownNanos.add(unknownTime);
            knownSlower += knownTime > unknownTime ? 1 : 0;
        }
        String report = "known " + knownNanos + " unknown " + unknownNanos + " (ns)";
        assertTrue(knownSlower < 24 && knownSlower > 6, "a known address was slower in " + knownSlower + " of 30 pairs: " + report);
        assertTrue(median(knownNanos) < 3 * median(unknownNanos) && median(unknownNanos) < 3 * median(knownNanos),
                "medians differ: " + report);
    }

    private long timed(long webshop, String email) {
        long start = System.nanoTime();
        HttpResponse<String> answer = Parallel.send(invite(webshop, email));
        long nanos = System.nanoTime() - start;
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("Invitation on its way"), answer.body());
        return nanos;
    }

    private static long median(List<Long> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }
}
