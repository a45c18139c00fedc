package dev.shopreviews.invitations.sending.mail;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Texts of the invitation e-mail and the opt-out page. English here; nl, de, fr, es, it in
 * {@code messages/mail_<lang>.properties}. Used in templates as {@code {mail:key(…)}}.
 */
@MessageBundle(value = "mail", locale = "en")
public interface MailMessages {

    @Message("How was your order at {shop}?")
    String subject(String shop);

    @Message("Reminder: how was your order at {shop}?")
    String reminderSubject(String shop);

    @Message("You recently ordered at {shop}. We would still love to hear how it went: a review takes a minute.")
    String reminderIntro(String shop);

    @Message("Hello {name},")
    String greeting(String name);

    @Message("Hello,")
    String greetingAnonymous();

    @Message("Thank you for your order at {shop}. Would you tell other customers about your experience? It takes a minute.")
    String intro(String shop);

    @Message("You can also rate the products you bought:")
    String productsIntro();

    @Message("Write a review")
    String button();

    @Message("This link is personal and works for 90 days.")
    String validity();

    @Message("Don't want invitations from {shop} any more?")
    String optOutQuestion(String shop);

    @Message("Unsubscribe")
    String optOutLink();

    @Message("Unsubscribe from {shop}?")
    String confirmOptOutTitle(String shop);

    @Message("Press the button and {email} will not receive review invitations from {shop} any more.")
    String confirmOptOutText(String email, String shop);

    @Message("You are unsubscribed")
    String optedOutTitle();

    @Message("{email} will not receive review invitations from {shop} any more.")
    String optedOutText(String email, String shop);

    @Message("This link is not valid.")
    String invalidLink();
}
