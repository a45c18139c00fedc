package dev.shopreviews.partner.webshop.service;

import java.util.List;

/** What is needed to create or update a webshop; null fields are left unchanged on update. */
@com.fasterxml.jackson.databind.annotation.JsonNaming(com.fasterxml.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewWebshop(
        String name,
        String url,
        String mainLanguage,
        List<String> languages,
        List<String> domains,
        Address address,
        String logo,
        String heroColor,
        String heroImage,
        String phone,
        String email,
        String vat) {

    public record Address(String street, String housenumber, String postalcode, String city, String country) {
    }
}
