package dev.shopreviews.partner.domain.service;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DomainNamesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
            "shop.example|shop.example",
            "https://shop.example|shop.example",
            "http://www.shop.example/|shop.example",
            "HTTPS://WWW.Shop.Example:8443/path?q=1#frag|shop.example",
            "shop.example.|shop.example",
            "https://user:pw@shop.example/x|shop.example",
            "  https://shop.example  |shop.example",
            "https://bücher.example/|xn--bcher-kva.example",
            "https://www.münchen.de|xn--mnchen-3ya.de",
            "sub.shop.example|sub.shop.example",
            "https://|NONE",
            "not a domain|NONE",
            "localhost|NONE",
            "https://exa_mple.com|NONE",
    })
    void normalisesWhatPeopleTypeToTheDomainWeMatchOn(String input, String expected) {
        assertEquals(Optional.ofNullable(expected), DomainNames.normalise(input));
    }
}
