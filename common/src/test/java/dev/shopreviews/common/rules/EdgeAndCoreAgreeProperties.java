package dev.shopreviews.common.rules;

import dev.shopreviews.common.testing.HostileValues;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever text an edge takes (its 400 text is null), the core takes what the edge sends (the normalised value),
 * and the edge refuses exactly what the core would refuse; normalising twice changes nothing.
 */
class EdgeAndCoreAgreeProperties {

    @Property(tries = 500)
    void aNameTheEdgeTakesIsOneTheCoreStores(@ForAll("text") String raw) {
        assertEquals(ReviewerName.invalid(raw) == null, ReviewerName.problem(raw) == null, () -> HostileValues.printable(String.valueOf(raw)));
        if (ReviewerName.invalid(raw) == null) {
            assertNull(ReviewerName.problem(ReviewerName.normalise(raw)));
        }
    }

    @Property(tries = 500)
    void aReviewTextTheEdgeTakesIsOneTheCoreStores(@ForAll("text") String raw) {
        assertEquals(ReviewText.invalid("comment", raw) == null, ReviewText.problem("comment", raw) == null, () -> HostileValues.printable(String.valueOf(raw)));
        if (ReviewText.invalid("comment", raw) == null) {
            assertNull(ReviewText.problem("comment", ReviewText.normalise(raw)));
        }
    }

    @Property(tries = 500)
    void anEmailAddressTheEdgeTakesIsOneTheCoreStores(@ForAll("text") String raw) {
        if (raw != null && !raw.isBlank()) {
            assertEquals(EmailAddress.invalid("email", raw) == null, EmailAddress.valid(raw), () -> HostileValues.printable(String.valueOf(raw)));
        }
        if (EmailAddress.valid(raw)) {
            assertTrue(EmailAddress.valid(EmailAddress.normalise(raw)));
        }
    }

    @Property(tries = 500)
    void anOrderNumberTheEdgeTakesIsOneTheCoreStores(@ForAll("text") String raw) {
        assertEquals(OrderNumber.invalid("order_number", raw) == null, OrderNumber.problem(raw) == null, () -> HostileValues.printable(String.valueOf(raw)));
        if (OrderNumber.problem(raw) == null) {
            assertNull(OrderNumber.problem(OrderNumber.normalise(raw)));
        }
    }

    @Property(tries = 300)
    void normalisingTwiceChangesNothing(@ForAll("text") String raw) {
        assertEquals(ReviewText.normalise(raw), ReviewText.normalise(ReviewText.normalise(raw)));
        assertEquals(Language.normalise(raw), Language.normalise(Language.normalise(raw)));
        assertEquals(Country.normalise(raw), Country.normalise(Country.normalise(raw)));
    }

    @Provide
    Arbitrary<String> text() {
        Arbitrary<String> emails = Arbitraries.of("jan@example.com", " jan@example.com\t", "jan@example", "j\u00fcrgen@example.com",
                "a".repeat(243) + "@example.com", " " + "a".repeat(242) + "@example.com ");
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(40),
                Arbitraries.strings().withChars(" \t\r\n\u0000\u000b\u00a0\u2003").ofMaxLength(12),
                HostileValues.poisonedText(),
                Arbitraries.integers().between(90, 110).map("n"::repeat).map(s -> " " + s + " "),
                Arbitraries.integers().between(250, 260).map("o"::repeat),
                Arbitraries.integers().between(4990, 5010).map("x"::repeat).map(s -> "\n" + s + "  "),
                Arbitraries.integers().between(2490, 2510).map("\uD83D\uDE00"::repeat),
                emails,
                Arbitraries.just(null));
    }
}
