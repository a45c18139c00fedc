package dev.shopreviews.ratings.review.service;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SuspicionTest {

    @ParameterizedTest
    @ValueSource(strings = {"Top winkel, snel geleverd!", "Bestelling 12345 kwam na 2 dagen", "5 sterren, 10/10",
            "Prijs was 19.99 euro"})
    void ordinaryTextIsNotSuspicious(String text) {
        assertEquals(List.of(), Suspicion.inText(text));
    }

    @Test
    void linksPhoneNumbersAndEmailAddressesAreNamed() {
        assertEquals(List.of("contains a link"), Suspicion.inText("zie https://x.example/a"));
        assertEquals(List.of("contains a link"), Suspicion.inText("ga naar goedkoop.com nu"));
        assertEquals(List.of("contains a phone number"), Suspicion.inText("bel 020-1234567 nu"));
        assertEquals(List.of("contains an e-mail address"), Suspicion.inText("mail piet@example.nl"));
        assertEquals(List.of("contains an e-mail address", "contains a link", "contains a phone number"),
                Suspicion.inText("piet@example.nl www.x.nl +31612345678"));
    }

    @Test
    void duplicatesCompareIgnoringCaseAndWhitespace() {
        assertEquals(Suspicion.normalise("Heel  goed\nservice "), Suspicion.normalise("heel goed SERVICE"));
    }
}
