package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.invitations.links.service.LinkIssuer;
import dev.shopreviews.invitations.sending.service.MailJob;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.MailTemplate.MailTemplateInstance;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Renders the invitation e-mail (templates/InvitationMail/invitation.html and .txt, texts from {@link MailMessages})
 * in the invitation's language and sends it with the reactive mailer over SMTP.
 */
@ApplicationScoped
public class InvitationMail {

    @CheckedTemplate
    static class Templates {
        static native MailTemplateInstance invitation(MailContent content);
    }

    private final MailLinks links;
    private final LinkIssuer issuer;

    public InvitationMail(MailLinks links, LinkIssuer issuer) {
        this.links = links;
        this.issuer = issuer;
    }

    /** Issues the e-mail's link reference, then sends it; mail clients get a one-click unsubscribe (RFC 8058). */
    public Uni<Void> send(MailJob job, Instant now) {
        String language = MailLanguages.resolve(job.language(), job.shopMainLanguage());
        return issuer.issue(job, language, now).chain(reference -> {
            String optOut = links.optOut(reference);
            MailContent content = new MailContent(job.shopName(), job.customerName(), job.products(),
                    links.review(reference), optOut);
            Mail withHeaders = new Mail()
                    .addHeader("List-Unsubscribe", "<" + optOut + ">")
                    .addHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
            return Templates.invitation(content)
                    .mail(withHeaders)
                    .setAttribute("locale", MailLanguages.locale(language))
                    .to(job.email())
                    .subject(HeaderText.safe(messages(language).subject(HeaderText.safe(job.shopName()))))
                    .send();
        });
    }

    static MailMessages messages(String language) {
        return MailLanguages.FALLBACK.equals(language)
                ? MessageBundles.get(MailMessages.class)
                : MessageBundles.get(MailMessages.class, Localized.Literal.of(language));
    }
}
