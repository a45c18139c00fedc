package dev.shopreviews.invitations.template.service;

import dev.shopreviews.invitations.sending.mail.MailLanguages;
import dev.shopreviews.invitations.sending.mail.MailMessages;
import dev.shopreviews.invitations.template.mapping.MailKind;
import dev.shopreviews.invitations.template.mapping.TemplateSource;
import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;

/**
 * The built-in texts (MailMessages in the six mail languages) written as a shop template with the fixed variables:
 * what the dashboard shows to start from while a shop has none. Mails of a shop without its own template are rendered
 * by the built-in templates themselves (InvitationMail), which say the same.
 */
public final class BuiltInTemplates {
    private BuiltInTemplates() {
    }

    public static TemplateSource source(MailKind kind, String language) {
        MailMessages m = messages(language);
        boolean reminder = kind == MailKind.reminder;
        String shop = "{shop_name}";
        String subject = reminder ? m.reminderSubject(shop) : m.subject(shop);
        String intro = reminder ? m.reminderIntro(shop) : m.intro(shop);
        String html = """
                <p>{#if customer_name}%s{#else}%s{/if}</p>
                <p>%s</p>
                {#if products}
                <p>%s</p>
                <ul>
                {#for product in products}
                  <li>{product}</li>
                {/for}
                </ul>
                {/if}
                <p><a href="{review_link}">%s</a></p>
                <p>%s</p>
                <p>%s <a href="{opt_out_link}">%s</a></p>
                """.formatted(escape(m.greeting("{customer_name}")), escape(m.greetingAnonymous()), escape(intro),
                escape(m.productsIntro()), escape(m.button()), escape(m.validity()),
                escape(m.optOutQuestion(shop)), escape(m.optOutLink()));
        String text = """
                {#if customer_name}%s{#else}%s{/if}

                %s
                {#if products}

                %s
                {#for product in products}
                - {product}
                {/for}
                {/if}

                %s: {review_link}

                %s

                %s %s: {opt_out_link}
                """.formatted(m.greeting("{customer_name}"), m.greetingAnonymous(), intro, m.productsIntro(), m.button(),
                m.validity(), m.optOutQuestion(shop), m.optOutLink());
        return new TemplateSource(subject, html, text);
    }

    private static MailMessages messages(String language) {
        return MailLanguages.FALLBACK.equals(language)
                ? MessageBundles.get(MailMessages.class)
                : MessageBundles.get(MailMessages.class, Localized.Literal.of(language));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
