package dev.shopreviews.invitations.privacy.service;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/** Texts of the privacy page and its e-mail. English here, Dutch in {@code messages/privacy_nl.properties}. */
@MessageBundle(value = "privacy", locale = "en")
public interface PrivacyMessages {
    @Message("Your reviews and data")
    String title();

    @Message("Enter your e-mail address. We send you a link to the reviews you wrote with it and to everything we store about it; there you can change, download or erase it.")
    String startIntro();

    @Message("E-mail address")
    String emailLabel();

    @Message("Send me a link")
    String sendButton();

    @Message("This is not a valid e-mail address.")
    String invalidEmail();

    @Message("Too many links were asked for. Try again in an hour.")
    String tooMany();

    @Message("Check your mailbox")
    String sentTitle();

    @Message("We sent a link to {email}. It works once, for {minutes} minutes. Nothing arrived? Check the address and your spam folder.")
    String sentText(String email, long minutes);

    @Message("Open your data")
    String continueTitle();

    @Message("Press the button to see your reviews and data. The link then stops working.")
    String continueText();

    @Message("Show my data")
    String continueButton();

    @Message("This link no longer works")
    String invalidLinkTitle();

    @Message("It has expired or was used already.")
    String invalidLinkText();

    @Message("Ask for a new link")
    String newLink();

    @Message("Signed in as {email}")
    String signedInAs(String email);

    @Message("Sign out")
    String signOut();

    @Message("Your reviews")
    String reviewsTitle();

    @Message("Loading…")
    String loading();

    @Message("You have no reviews with us.")
    String noReviews();

    @Message("Edit")
    String edit();

    @Message("Delete")
    String delete();

    @Message("Save")
    String save();

    @Message("Cancel")
    String cancel();

    @Message("Delete this review? It disappears from the shop's pages.")
    String confirmDelete();

    @Message("Overall rating")
    String rating();

    @Message("Delivery time")
    String shippingtime();

    @Message("Customer service")
    String customerservice();

    @Message("Price and quality")
    String pricequality();

    @Message("After-sale service")
    String aftersale();

    @Message("Your review")
    String comment();

    @Message("Verified buyer")
    String verified();

    @Message("Not shown yet: under review")
    String notShown();

    /** Followed by the provider's name: a review the shop imported from another provider (import_source). */
    @Message("Imported from")
    String importedFrom();

    @Message("Reply from the shop")
    String reply();

    @Message("Something went wrong. Try again.")
    String failed();

    @Message("Download your data")
    String exportTitle();

    @Message("One JSON file with everything we store about this address: invitations, consents, reviews and the messages about your reviews sent to shops.")
    String exportText();

    @Message("Download (JSON)")
    String exportButton();

    @Message("Erase everything")
    String eraseTitle();

    @Message("Deletes your reviews on every shop and everything we store about this address, within a minute. Shops can no longer invite you. This cannot be undone.")
    String eraseText();

    @Message("Erase everything stored about this address? This cannot be undone.")
    String confirmErase();

    @Message("Everything is being erased. You can close this page.")
    String erased();

    @Message("Your link to your reviews and data")
    String mailSubject();

    @Message("Someone, hopefully you, asked for a link to the reviews and data stored for this e-mail address.")
    String mailIntro();

    @Message("Show my reviews and data")
    String mailButton();

    @Message("The link works once, for {minutes} minutes.")
    String mailValidity(long minutes);

    @Message("Did you not ask for it? Then ignore this e-mail: nothing changes.")
    String mailIgnore();
}
