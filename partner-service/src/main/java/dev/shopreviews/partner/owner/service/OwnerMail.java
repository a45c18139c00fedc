package dev.shopreviews.partner.owner.service;

import dev.shopreviews.partner.config.PartnerConfig;
import io.quarkus.mailer.MailTemplate;
import io.quarkus.qute.CheckedTemplate;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The two mails an owner gets (Qute templates OwnerMail/invite and OwnerMail/reset, text and HTML): a link to set a
 * password. The token travels in the URL's fragment, so no server, proxy or log on the way sees it.
 */
@ApplicationScoped
public class OwnerMail {

    @CheckedTemplate
    static class Templates {
        static native MailTemplate.MailTemplateInstance invite(String shopName, String link, long days);

        static native MailTemplate.MailTemplateInstance reset(String link, long minutes);
    }

    private final PartnerConfig config;

    public OwnerMail(PartnerConfig config) {
        this.config = config;
    }

    public Uni<Void> invite(String email, String shopName, String token) {
        return Templates.invite(shopName, link(token), config.dashboard().inviteDays())
                .to(email).subject("Your shop's review dashboard: " + shopName).send();
    }

    public Uni<Void> reset(String email, String token) {
        return Templates.reset(link(token), config.dashboard().resetMinutes())
                .to(email).subject("Set a new password for your review dashboard").send();
    }

    private String link(String token) {
        return config.publicBaseUrl().replaceAll("/+$", "") + "/dashboard/#password=" + token;
    }
}
