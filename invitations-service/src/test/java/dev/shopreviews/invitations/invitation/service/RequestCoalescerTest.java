package dev.shopreviews.invitations.invitation.service;

import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Group commit without a database: the calls are futures the test completes. */
class RequestCoalescerTest {

    /** One call of the coalescer: its items and the answer the test gives. */
    private record Call(List<String> items, CompletableFuture<List<String>> answer) {
        void answerUppercase() {
            answer.complete(items.stream().map(String::toUpperCase).toList());
        }
    }

    private final List<Call> calls = new ArrayList<>();

    private Uni<List<String>> call(List<String> items) {
        Call call = new Call(List.copyOf(items), new CompletableFuture<>());
        calls.add(call);
        return Uni.createFrom().completionStage(call.answer());
    }

    private static CompletableFuture<String> submit(RequestCoalescer<String, String> coalescer, String item) {
        return coalescer.submit(item).subscribeAsCompletionStage();
    }

    @Test
    void aLoneItemGoesAtOnceAndGetsItsOwnAnswer() throws Exception {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 64, 4);
        CompletableFuture<String> a = submit(coalescer, "a");
        assertEquals(1, calls.size());
        assertEquals(List.of("a"), calls.get(0).items());
        calls.get(0).answerUppercase();
        assertEquals("A", a.get());
    }

    @Test
    void itemsArrivingWhileEveryCallIsBusyGoTogetherInOneCall() throws Exception {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 64, 1);
        CompletableFuture<String> a = submit(coalescer, "a");
        CompletableFuture<String> b = submit(coalescer, "b");
        CompletableFuture<String> c = submit(coalescer, "c");
        CompletableFuture<String> d = submit(coalescer, "d");
        assertEquals(1, calls.size(), "the second call waits for the first");
        assertEquals(3, coalescer.waiting());

        calls.get(0).answerUppercase();
        assertEquals("A", a.get());
        assertEquals(2, calls.size());
        assertEquals(List.of("b", "c", "d"), calls.get(1).items());
        assertFalse(b.isDone());

        calls.get(1).answerUppercase();
        assertEquals(List.of("B", "C", "D"), List.of(b.get(), c.get(), d.get()));
        assertEquals(0, coalescer.waiting());
    }

    @Test
    void noCallCarriesMoreThanMaxBatchItems() {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 2, 1);
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (String item : List.of("a", "b", "c", "d", "e")) {
            answers.add(submit(coalescer, item));
        }
        calls.get(0).answerUppercase();
        calls.get(1).answerUppercase();
        calls.get(2).answerUppercase();
        assertEquals(List.of(List.of("a"), List.of("b", "c"), List.of("d", "e")), calls.stream().map(Call::items).toList());
        assertEquals(List.of("A", "B", "C", "D", "E"), answers.stream().map(CompletableFuture::join).toList());
    }

    @Test
    void aFailedCallOfSeveralItemsIsRetriedItemByItemSoOnlyTheBadItemFails() throws Exception {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 64, 1);
        CompletableFuture<String> first = submit(coalescer, "first");
        CompletableFuture<String> good = submit(coalescer, "good");
        CompletableFuture<String> bad = submit(coalescer, "bad");
        CompletableFuture<String> other = submit(coalescer, "other");
        calls.get(0).answerUppercase();

        calls.get(1).answer().completeExceptionally(new IllegalStateException("deadlock detected"));
        assertEquals(List.of(List.of("good"), List.of("bad"), List.of("other")),
                calls.subList(2, 5).stream().map(Call::items).toList(), "each item alone, once");
        calls.get(2).answerUppercase();
        calls.get(3).answer().completeExceptionally(new IllegalArgumentException("bad item"));
        calls.get(4).answerUppercase();

        assertEquals("FIRST", first.get());
        assertEquals("GOOD", good.get());
        assertEquals("OTHER", other.get());
        ExecutionException failure = assertThrows(ExecutionException.class, bad::get);
        assertTrue(failure.getCause() instanceof IllegalArgumentException, failure.toString());
        assertEquals(5, calls.size(), "no further retries");
    }

    @Test
    void aFreedSlotTakesTheNextWaitingItemsEvenAfterAFailure() throws Exception {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 64, 1);
        CompletableFuture<String> a = submit(coalescer, "a");
        CompletableFuture<String> b = submit(coalescer, "b");
        calls.get(0).answer().completeExceptionally(new IllegalStateException("connection lost"));
        assertThrows(ExecutionException.class, a::get);
        assertEquals(List.of("b"), calls.get(1).items());
        calls.get(1).answerUppercase();
        assertEquals("B", b.get());
    }

    @Test
    void aCallAnsweringTheWrongNumberOfResultsFailsItsItemsInsteadOfMixingThemUp() {
        RequestCoalescer<String, String> coalescer = new RequestCoalescer<>(this::call, 64, 4);
        CompletableFuture<String> a = submit(coalescer, "a");
        calls.get(0).answer().complete(List.of("A", "surplus"));
        assertThrows(ExecutionException.class, a::get);
    }
}
