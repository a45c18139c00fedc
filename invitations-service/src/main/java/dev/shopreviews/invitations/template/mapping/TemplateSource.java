package dev.shopreviews.invitations.template.mapping;

/** The Qute sources of one e-mail: subject (one line), HTML part, plain-text part. */
public record TemplateSource(String subject, String html, String text) {
}
