package dev.shopreviews.common.rules;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.SubRatings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each field's rule with the texts the services have always answered. */
class FieldRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRatingIsAnIntegerFromOneToFiveAndAJsonNumberBeyondIntIsNeverWrapped() throws Exception {
        assertTrue(Rating.inScale(1) && Rating.inScale(5));
        assertFalse(Rating.inScale(0) || Rating.inScale(6));
        assertTrue(Rating.inScale(new SubRatings(1, 2, 3, 5)));
        assertFalse(Rating.inScale(new SubRatings(1, 2, 3, 6)) || Rating.inScale((SubRatings) null));
        assertEquals(4, Rating.parse(" 4 "));
        assertNull(Rating.parse("6"));
        assertNull(Rating.parse("\u0665"));
        assertNull(Rating.parse("45"));
        assertEquals(5, Rating.of(JSON.readTree("5")));
        assertNull(Rating.of(JSON.readTree("4294967301")));
        assertNull(Rating.of(JSON.readTree("4.5")));
        assertNull(Rating.of(JSON.readTree("\"4\"")));
        assertEquals("Invalid value for rating: expected an integer from 1 to 5.", Rating.invalid("rating"));
    }

    @Test
    void aNameIsRequiredOneLineAndAtMostAHundredCharactersOnceTrimmed() {
        assertNull(ReviewerName.problem("  " + "n".repeat(100) + " "));
        assertEquals("name is required and at most 100 characters", ReviewerName.problem("n".repeat(101)));
        assertEquals("name is required and at most 100 characters", ReviewerName.problem("   "));
        assertEquals("name must be a single line", ReviewerName.problem("Kees\nBcc: x@example.com"));
        assertEquals(ReviewerName.REQUIRED, ReviewerName.invalid(null));
        assertEquals(ReviewerName.REQUIRED, ReviewerName.invalid(" "));
        assertEquals("Invalid value for name: expected text of at most 100 characters.", ReviewerName.invalid("n".repeat(101)));
        assertEquals("Invalid value for name: contains a control character.", ReviewerName.invalid("Kees\u0000"));
        assertEquals("Kees", ReviewerName.normalise(" Kees "));
    }

    @Test
    void reviewTextMayHoldLinesButNoControlCharactersAndAtMostFiveThousandCharactersOnceTrimmed() {
        assertNull(ReviewText.problem("comment", null));
        assertNull(ReviewText.problem("comment", "line one\r\n\tline two"));
        assertNull(ReviewText.problem("comment", " " + "x".repeat(5000) + "\n"));
        assertEquals("comment is longer than 5000 characters", ReviewText.problem("comment", "x".repeat(5001)));
        assertEquals("comment contains a control character", ReviewText.problem("comment", "Great kettle\u0000"));
        assertEquals("comment contains an invalid character", ReviewText.problem("comment", "half \ud83d"));
        assertEquals("Invalid value for comment: expected text of at most 5000 characters.", ReviewText.invalid("comment", "x".repeat(5001)));
        assertEquals("Invalid value for comment: contains a control character.", ReviewText.invalid("comment", "Great kettle\u0000"));
        assertNull(ReviewText.normalise(" \t\r\n "));
    }

    @Test
    void anEmailAddressFollowsThePracticalSyntaxOnOneLineAndAtMost254CharactersOnceTrimmed() {
        assertTrue(EmailAddress.valid(" jan@example.com "));
        assertFalse(EmailAddress.valid("jan@localhost"));
        assertFalse(EmailAddress.valid("j\u00fcrgen@example.com"));
        assertFalse(EmailAddress.valid("a".repeat(250) + "@example.com"));
        assertFalse(EmailAddress.valid(null));
        assertEquals("Invalid value for email: expected a valid e-mail address.", EmailAddress.invalid("email", "nope"));
        assertEquals("Invalid value for email: expected text of at most 254 characters.", EmailAddress.invalid("email", "a".repeat(255)));
        assertNull(EmailAddress.invalid("email", "jan@example.com"));
    }

    @Test
    void anOrderNumberIsOneLineOfAtMost255CharactersOnceTrimmed() {
        assertNull(OrderNumber.problem(null));
        assertNull(OrderNumber.problem(" " + "o".repeat(255) + " "));
        assertEquals("order_number is longer than 255 characters", OrderNumber.problem("o".repeat(256)));
        assertEquals("order_number must be a single line", OrderNumber.problem("A-1\nB"));
        assertEquals("Invalid value for order_number: expected text of at most 255 characters.", OrderNumber.invalid("order_number", "o".repeat(256)));
    }

    @Test
    void languageAndCountryAreTwoLetterIsoCodesInAnyCase() {
        assertTrue(Language.valid(" NL ") && Language.valid("en"));
        assertFalse(Language.valid("nld") || Language.valid("xx") || Language.valid(null));
        assertEquals("nl", Language.normalise(" NL"));
        assertTrue(Country.valid("nl") && Country.valid(" DE "));
        assertFalse(Country.valid("Netherlands") || Country.valid("XX") || Country.valid(""));
        assertEquals("NL", Country.normalise("nl "));
    }
}
