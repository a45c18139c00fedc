package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * POSTs that arrive together are added together (database function add_invitations, one statement and one commit
 * for many): every rule of a single add still holds per invitation.
 */
@QuarkusTest
class BatchedIntakeTest {
    private static final String ADDED = "Invitation successfully added to queue!";
    private static final String ALREADY = "Invitation already sent for this order.";

    @Test
    void twoHundredConcurrentDifferentInvitationsAreEachQueuedOnceWithTheirOwnDelay() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        int requests = 200;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService clients = Executors.newFixedThreadPool(48);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Map<String, String> form = Map.of("email", Fixtures.email(), "order", Fixtures.order(),
                        "delay", String.valueOf(i % 7));
                answers.add(clients.submit(() -> {
                    start.await();
                    return Fixtures.add(shop, form);
                }));
            }
            start.countDown();
            for (Future<String> answer : answers) {
                assertEquals(ADDED, answer.get());
            }
        } finally {
            clients.shutdownNow();
        }
        assertEquals(requests, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
        assertEquals(0, Db.count("""
                select count(*) from invitation where webshop_id = ?
                and scheduled_at <> created_at + make_interval(hours => 24 * delay_days)""", shop.id()),
                "each invitation is scheduled after its own delay");
    }

    @Test
    void insideOneBatchTheFirstOfTwoIdenticalInvitationsQueuesAndEmptyOrdersNeverCollide() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String order = Fixtures.order();
        String other = Fixtures.email();
        List<String> outcomes = new ArrayList<>();
        try (Connection connection = Db.connect(); PreparedStatement batch = connection.prepareStatement("""
                select pos, outcome from add_invitations(?::bigint[], ?::varchar[], ?::varchar[],
                    array['en','en','en','en','en'], array[0,0,0,0,0], array['A','B','C','D','E'],
                    array[null,null,null,null,null]::text[], array[null,null,null,null,null]::numeric[],
                    array[null,null,null,null,null]::text[], array[null,null,null,null,null]::varchar[],
                    array[null,null,null,null,null]::varchar[], array[null,null,null,null,null]::varchar[],
                    array[now(),now(),now(),now(),now()]) order by pos""")) {
            long id = shop.id();
            batch.setArray(1, connection.createArrayOf("bigint", new Long[] {id, id, id, id, id}));
            batch.setArray(2, connection.createArrayOf("varchar", new String[] {email, email.toUpperCase(), other, other, other}));
            batch.setArray(3, connection.createArrayOf("varchar", new String[] {order, order, "", "", order}));
            try (ResultSet rows = batch.executeQuery()) {
                while (rows.next()) {
                    outcomes.add(rows.getInt(1) + ":" + rows.getString(2));
                }
            }
        }
        // position 2 is position 1 again (e-mails compare case-insensitively); 3 and 4 have no order number
        assertEquals(List.of("1:queued", "2:already_used", "3:queued", "4:queued", "5:queued"), outcomes);
        assertEquals(4, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
        assertEquals(ALREADY, Fixtures.add(shop, Map.of("email", email, "order", order)),
                "a later request sees the batch's row");
    }
}
