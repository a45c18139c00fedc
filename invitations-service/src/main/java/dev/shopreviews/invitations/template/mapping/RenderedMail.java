package dev.shopreviews.invitations.template.mapping;

/** One e-mail rendered from a shop's template: the subject (one line) and both parts. */
public record RenderedMail(String subject, String html, String text) {
}
