package dev.shopreviews.invitations.privacy.service;

import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.sending.mail.HeaderText;
import dev.shopreviews.invitations.sending.mail.MailLanguages;
import io.quarkus.mailer.MailTemplate.MailTemplateInstance;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** The e-mail with the privacy page's link (templates/PrivacyLinkMail/link.html and .txt, texts in {@link PrivacyMessages}). */
@ApplicationScoped
public class PrivacyLinkMail {

    @CheckedTemplate
    static class Templates {
        static native MailTemplateInstance link(String lang, String url, long minutes);
    }

    private final InvitationsConfig config;

    public PrivacyLinkMail(InvitationsConfig config) {
        this.config = config;
    }

    public Uni<Void> send(PrivacyLink link, String token) {
        String base = config.publicBaseUrl().endsWith("/") ? config.publicBaseUrl() : config.publicBaseUrl() + "/";
        String url = base + "privacy/session?token=" + URLEncoder.encode(token, StandardCharsets.US_ASCII);
        return Templates.link(link.language(), url, config.privacy().linkValidity().toMinutes())
                .setAttribute("locale", MailLanguages.locale(link.language()))
                .to(link.email())
                .subject(HeaderText.safe(messages(link.language()).mailSubject()))
                .send();
    }

    public static PrivacyMessages messages(String language) {
        return MailLanguages.FALLBACK.equals(language)
                ? MessageBundles.get(PrivacyMessages.class)
                : MessageBundles.get(PrivacyMessages.class, Localized.Literal.of(language));
    }
}
