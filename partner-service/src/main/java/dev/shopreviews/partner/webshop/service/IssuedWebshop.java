package dev.shopreviews.partner.webshop.service;

/** A webshop's credentials as issued; {@code code} is null when it was issued before and cannot be shown again. */
public record IssuedWebshop(long webshopId, String code, String publicCode, boolean created) {
}
