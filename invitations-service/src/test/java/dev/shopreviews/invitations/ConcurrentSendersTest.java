package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.sending.service.InvitationSender;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two senders (plus the service's own scheduler) claim the same queue at the same time, as replicas would:
 * FOR UPDATE SKIP LOCKED and the claim lease mean no invitation is claimed twice and every customer gets one e-mail.
 */
@QuarkusTest
class ConcurrentSendersTest {

    @Inject
    InvitationSender sender;

    @Test
    void twoClaimersRunningTogetherNeverClaimTheSameInvitation() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        List<String> emails = IntStream.range(0, 30).mapToObj(i -> "c" + i + "-" + Fixtures.email()).toList();
        AtomicBoolean stop = new AtomicBoolean();
        Set<Long> claimedByA = ConcurrentHashMap.newKeySet();
        Set<Long> claimedByB = ConcurrentHashMap.newKeySet();
        Set<Throwable> failures = ConcurrentHashMap.newKeySet();
        Thread a = claimer(stop, claimedByA, failures);
        Thread b = claimer(stop, claimedByB, failures);
        a.start();
        b.start();
        try {
            emails.forEach(email -> Fixtures.add(shop, Map.of("email", email)));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).until(() ->
                    emails.stream().allMatch(email -> !Mailbox.messages(email).isEmpty()));
        } finally {
            stop.set(true);
            a.join();
            b.join();
        }

        assertTrue(failures.isEmpty(), () -> "claimers failed: " + failures);
        assertTrue(claimedByA.size() + claimedByB.size() > 0, "the two claimers took part");
        Set<Long> both = new HashSet<>(claimedByA);
        both.retainAll(claimedByB);
        assertTrue(both.isEmpty(), () -> "claimed by both: " + both);
        for (String email : emails) {
            assertEquals(1, Mailbox.messages(email).size(), email + " got exactly one e-mail");
        }
        assertTrue(emails.stream().allMatch(email -> !Boolean.FALSE.equals(InvitationMailTest.datetimes(shop, email).get("sent"))));
    }

    private Thread claimer(AtomicBoolean stop, Set<Long> claimed, Set<Throwable> failures) {
        return new Thread(() -> {
            while (!stop.get()) {
                try {
                    List<Long> ids = VertxContextSupport.subscribeAndAwait(() -> sender.dispatchDue());
                    for (Long id : ids) {
                        if (!claimed.add(id)) {
                            failures.add(new AssertionError("claimed " + id + " twice in one claimer"));
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                    return;
                }
            }
        });
    }
}
