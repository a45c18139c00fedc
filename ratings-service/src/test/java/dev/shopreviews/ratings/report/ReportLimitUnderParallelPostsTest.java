package dev.shopreviews.ratings.report;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The visitors' report limit (common TokenBuckets) holds when one client's posts arrive at once: exactly the
 * capacity passes (the test profile's 3; one more only after 12 minutes, far longer than the burst).
 */
@QuarkusTest
class ReportLimitUnderParallelPostsTest {
    private static final int CAPACITY = 3;  // %test.shopreviews.visitor-reports.capacity
    private static final int POSTS = 16;

    @Test
    void sixteenParallelReportsFromOneClientPassTheLimitExactlyThreeTimes() throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(POSTS);
        List<Integer> statuses = new ArrayList<>();
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < POSTS; i++) {
                Callable<Integer> post = () -> {
                    start.await();
                    // An unknown review: past the limit it is a 404 and stores nothing.
                    return given().header("X-Forwarded-For", "198.18.20.1").contentType("application/json")
                            .body("{\"webshop_id\":1,\"review_id\":987654321012,\"reason\":\"spam\"}")
                            .post(VisitorReportsTest.PATH).statusCode();
                };
                answers.add(pool.submit(post));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(POSTS - CAPACITY, statuses.stream().filter(status -> status == 429).count(), statuses::toString);
        assertEquals(CAPACITY, statuses.stream().filter(status -> status == 404).count(), statuses::toString);
    }
}
