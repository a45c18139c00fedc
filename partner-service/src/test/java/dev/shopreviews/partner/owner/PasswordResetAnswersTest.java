package dev.shopreviews.partner.owner;

import dev.shopreviews.common.owner.OwnerSessions;
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
 * The password-reset request under attack: requests sent at once still leave at most three open links (and mails),
 * and the answer takes the same work for a known and an unknown address, so its time does not tell them apart.
 */
@QuarkusTest
class PasswordResetAnswersTest {
    private static final String RESET_SUBJECT = "Set a new password for your review dashboard";

    @TestHTTPResource("/")
    URI base;

    private HttpRequest reset(String email) {
        return Parallel.post(base, "dashboard/api/partner/account/password-reset", "{\"email\":\"" + email + "\"}",
                OwnerSessions.CSRF_HEADER, "1");
    }

    private static long resetMails(String email) {
        return Mailbox.messages(email).stream().filter(mail -> RESET_SUBJECT.equals(mail.subject())).count();
    }

    private static long openResetLinks(String email) {
        return Db.count("select count(*) from owner_link l join owner_account a on a.id = l.owner_id"
                + " where a.email = ? and l.purpose = 'reset' and l.used_at is null", email);
    }

    @Test
    void eightResetRequestsAtOnceLeaveExactlyThreeLinksAndThreeMails() {
        String email = DashboardAccountTest.newAddress("reset-burst");
        DashboardAccountTest.invite(Fixtures.webshop().id(), email);
        List<HttpResponse<String>> answers = Parallel.fire(8, i -> reset(email));
        assertEquals(8, Parallel.count(answers, 200), answers.stream().map(HttpResponse::body).toList().toString());
        // every mail belongs to a stored link; once the mails caught up with the links, no further link can appear
        await().atMost(Duration.ofSeconds(30)).until(() -> resetMails(email) >= 3 && resetMails(email) == openResetLinks(email));
        assertEquals(3, openResetLinks(email));
        assertEquals(3, resetMails(email));
    }

    @Test
    void aKnownAddressIsNotAnsweredSlowerThanAnUnknownOne() {
        long shop = Fixtures.webshop().id();
        List<String> known = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String email = DashboardAccountTest.newAddress("reset-known");
            DashboardAccountTest.invite(shop, email);
            known.add(email);
        }
        for (int i = 0; i < 5; i++) {
            Parallel.send(reset(DashboardAccountTest.newAddress("warm-up")));
        }
        List<Long> knownNanos = new ArrayList<>();
        List<Long> unknownNanos = new ArrayList<>();
        int knownSlower = 0;
        for (int pair = 0; pair < known.size(); pair++) {
            String unknown = DashboardAccountTest.newAddress("reset-unknown");
            long knownTime;
            long unknownTime;
            // interleaved, each side first in every other pair
            if (pair % 2 == 0) {
                knownTime = timed(known.get(pair));
                unknownTime = timed(unknown);
            } else {
                unknownTime = timed(unknown);
                knownTime = timed(known.get(pair));
            }
            knownNanos.add(knownTime);
            unknownNanos.add(unknownTime);
            knownSlower += knownTime > unknownTime ? 1 : 0;
        }
        String report = "known " + knownNanos + " unknown " + unknownNanos + " (ns)";
        assertTrue(knownSlower < 24, "a known address was slower in " + knownSlower + " of 30 pairs: " + report);
        assertTrue(median(knownNanos) < 3 * median(unknownNanos), "medians differ: " + report);
    }

    private long timed(String email) {
        long start = System.nanoTime();
        HttpResponse<String> answer = Parallel.send(reset(email));
        long nanos = System.nanoTime() - start;
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("If the address has a dashboard account, a link is on its way."), answer.body());
        return nanos;
    }

    private static long median(List<Long> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }
}
