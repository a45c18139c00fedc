package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.invitations.invitation.mapping.ReplyToAddresses;
import dev.shopreviews.invitations.invitation.mapping.SenderNames;
import dev.shopreviews.invitations.template.mapping.MailVariables;
import dev.shopreviews.invitations.template.mapping.RenderedMail;
import dev.shopreviews.invitations.template.mapping.SafeTemplates;
import io.quarkus.mailer.reactive.ReactiveMailer;
import dev.shopreviews.invitations.links.service.LinkIssuer;
import dev.shopreviews.invitations.sending.service.MailJob;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.MailTemplate.MailTemplateInstance;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.mail.mailencoder.EmailAddress;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Instant;

/**
 * Renders the invitation e-mail or its reminder (templates/InvitationMail/invitation.html and .txt, texts from
 * {@link MailMessages}, or the shop's own template through {@link SafeTemplates}) in the invitation's language and
 * sends it with the reactive mailer over SMTP.
 */
@ApplicationScoped
public class InvitationMail {

    @CheckedTemplate
    static class Templates {
        static native MailTemplateInstance invitation(MailContent content);
    }

    private final MailLinks links;
    private final LinkIssuer issuer;
    private final ReactiveMailer mailer;
    /** The address of the configured From (quarkus.mailer.from), which a webshop's sender name never changes. */
    private final String fromAddress;

    public InvitationMail(MailLinks links, LinkIssuer issuer, ReactiveMailer mailer,
                          @ConfigProperty(name = "quarkus.mailer.from") String from) {
        this.links = links;
        this.mailer = mailer;
        this.issuer = issuer;
        this.fromAddress = new EmailAddress(from).getEmail();
    }

    /**
     * Issues the e-mail's link reference, then sends it; mail clients get a one-click unsubscribe (RFC 8058). The
     * shop's own template when the job carries one, else the built-in text (the reminder's when it is the reminder).
     */
    public Uni<Void> send(MailJob job, Instant now) {
        String language = job.mailLanguage() != null ? job.mailLanguage()
                : MailLanguages.resolve(job.language(), job.shopMainLanguage());
        return issuer.issue(job, language, now).chain(reference -> {
            String optOut = links.optOut(reference);
            Mail headers = headers(job, optOut);
            if (job.template() != null) {
                RenderedMail own = SafeTemplates.render(SafeTemplates.parse(job.template()), new MailVariables(job.shopName(),
                        job.customerName(), links.review(reference), optOut,
                        job.products().stream().map(ReviewLink.Product::name).toList()), false);
                return mailer.send(headers.setSubject(HeaderText.safe(own.subject())).setHtml(own.html()).setText(own.text())
                        .addTo(job.email()));
            }
            MailContent content = new MailContent(job.shopName(), job.customerName(), job.products(),
                    links.review(reference), optOut, job.reminder());
            MailMessages messages = messages(language);
            String shop = HeaderText.safe(job.shopName());
            return Templates.invitation(content)
                    .mail(headers)
                    .setAttribute("locale", MailLanguages.locale(language))
                    .to(job.email())
                    .subject(HeaderText.safe(job.reminder() ? messages.reminderSubject(shop) : messages.subject(shop)))
                    .send();
        });
    }

    /** List-Unsubscribe, the webshop's sender name in the From and its Reply-To (each checked again here). */
    private Mail headers(MailJob job, String optOut) {
        Mail mail = new Mail()
                .addHeader("List-Unsubscribe", "<" + optOut + ">")
                .addHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
        String from = from(job.senderName());
        if (from != null) {
            mail.setFrom(from);
        }
        if (ReplyToAddresses.acceptable(job.replyTo())) {
            mail.addReplyTo(ReplyToAddresses.checked(job.replyTo()));
        }
        return mail;
    }

    /**
     * The From with the webshop's sender name as display name and the configured address; null (the configured From
     * as it is) without one. The name was checked when stored ({@link SenderNames}); it is checked again here, so it
     * can only ever be a display name, which the mailer encodes.
     */
    String from(String senderName) {
        return SenderNames.acceptable(senderName) ? SenderNames.checked(senderName) + " <" + fromAddress + ">" : null;
    }

    static MailMessages messages(String language) {
        return MailLanguages.FALLBACK.equals(language)
                ? MessageBundles.get(MailMessages.class)
                : MessageBundles.get(MailMessages.class, Localized.Literal.of(language));
    }
}
