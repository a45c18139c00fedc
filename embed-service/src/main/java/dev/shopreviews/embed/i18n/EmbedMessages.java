package dev.shopreviews.embed.i18n;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Every visible text of sidebar.js, the pop-ups, the review forms, the public page and the widget. English here;
 * nl, de, fr, es, it in {@code messages/msg_<lang>.properties}. Templates use {@code {msg:key}}; sidebar.js gets
 * the parameterless ones as a table ({@link ScriptTexts}), where {@code %s} is filled in by the script.
 */
@MessageBundle(value = "msg", locale = "en")
public interface EmbedMessages {
    // shown by sidebar.js (no parameters; %s is replaced in the browser)
    @Message("Reviews") String tab();
    @Message("Reviews of %s") String sidebarLabel();
    @Message("reviews") String reviews();
    @Message("review") String reviewOne();
    @Message("out of 5") String outOf5();
    @Message("Key points") String keyPoints();
    @Message("Webshop details") String details();
    @Message("Latest reviews") String latestReviews();
    @Message("No reviews yet.") String noReviews();
    @Message("All reviews") String allReviews();
    @Message("Write a review") String writeReview();
    @Message("Close") String close();
    @Message("Approved webshop") String badgeApproved();
    @Message("Verified reviews") String badgeVerified();
    @Message("Partner assurance") String badgePartner();
    @Message("Shipping time") String shippingtime();
    @Message("Customer service") String customerservice();
    @Message("Price/quality") String pricequality();
    @Message("After-sales service") String aftersale();
    @Message("Overall rating") String overall();
    @Message("Your review") String comment();
    @Message("Your name") String yourName();
    @Message("Your e-mail address") String yourEmail();
    @Message("Send review") String send();
    @Message("Ask me later") String askLater();
    @Message("Thank you for your order!") String consentTitle();
    @Message("How was your experience with %s? Write a review now, or let us ask you later.") String consentText();
    @Message("Either choice allows the shop to pass your order details on to us for this review only. This window sends no e-mail.") String consentNote();
    @Message("Your review of %s") String addReviewTitle();
    @Message("Thank you for your review!") String thanks();
    @Message("Thank you! We will ask you later.") String laterThanks();
    @Message("Please give every rating, your name and a valid e-mail address.") String incomplete();
    @Message("Something went wrong. Please try again later.") String failed();
    @Message("Verified customer") String verified();
    @Message("Reply from the shop") String shopReply();
    @Message("stars") String stars();
    @Message("Choose") String choose();
    @Message("Hidden by the moderators: %s") String hiddenBy();
    @Message("Imported from %s") String importedFrom();

    // pages and widget
    @Message("Reviews of {shop}") String pageTitle(String shop);
    @Message("Average {score} out of 5, based on {count} reviews") String basedOn(String score, long count);
    @Message("Visit the webshop") String visitShop();
    @Message("This webshop is not known.") String unknownShop();
    @Message("Review your order at {shop}") String formTitle(String shop);
    @Message("Order {order}") String orderLabel(String order);
    @Message("Rate the products you bought") String productsTitle();
    @Message("Your opinion of this product (optional)") String productText();
    @Message("This review link has expired.") String linkExpired();
    @Message("You have reviewed this order. You can change your review until {until}.") String editNotice(String until);
    @Message("You have reviewed this order. The review can no longer be changed.") String reviewClosed();
    @Message("This review link is not valid.") String linkInvalid();
    @Message("Please use the link of your most recent e-mail, or contact the webshop.") String linkHint();
    @Message("Please correct the following:") String fixErrors();
    @Message("Your review has been sent. It will appear once it has been checked.") String thanksText();
    @Message("Read our reviews") String readReviews();
    @Message("Customer reviews") String customerReviews();
    @Message("Score") String score();
    @Message("Hidden by the moderators: {reason}") String hiddenByModerators(String reason);
    // a review the shop imported from another provider (never verified by us), on every part that shows reviews
    @Message("Imported from {source}") String importedFromSource(String source);

    // a webshop the operator deactivated
    @Message("The reviews of this shop are not available at the moment.") String reviewsUnavailable();
    @Message("This shop no longer collects reviews here.") String notCollecting();

    // the transparency page (and the link to it from the public page, the widget and sidebar.js)
    @Message("How reviews are checked") String howChecked();
    @Message("How reviews of {shop} are collected and checked") String trTitle(String shop);
    @Message("How reviews are collected") String trCollectedTitle();
    @Message("Invitation: after an order, the shop has us send the customer an e-mail with a personal review link.") String trInvitation();
    @Message("Pop-up: after checkout, the shop's order page offers the customer to write a review straight away or to be asked later.") String trPopup();
    @Message("Open form: anyone can write a review with the “Write a review” button on the shop's site.") String trForm();
    @Message("What “verified” means") String trVerifiedTitle();
    @Message("A review is verified when it is linked to a real order: it was written through the personal link of an invitation, or the shop confirmed the order of its writer. Other reviews are shown as unverified.") String trVerified();
    @Message("How moderation works") String trModerationTitle();
    @Message("Every review is checked against fixed rules (for example personal data or abusive language). A review that breaks a rule is quarantined and not shown until it has been looked at. The shop cannot remove a review it does not like, but it can reply publicly.") String trModeration();
    @Message("Figures of the last 12 months") String trFiguresTitle();
    @Message("Collected through") String trMethod();
    @Message("Invitation") String trInvitationShort();
    @Message("Pop-up after checkout") String trPopupShort();
    @Message("Open form") String trFormShort();
    @Message("Verified") String trVerifiedCol();
    @Message("Not verified") String trUnverifiedCol();
    @Message("Moderation outcome") String trOutcome();
    @Message("Reviews") String trCount();
    @Message("Published") String trPublished();
    @Message("Quarantined") String trQuarantined();
    @Message("Held back") String trHeld();
    @Message("Deleted") String trDeleted();
    @Message("Reasons for quarantine") String trReasons();
    @Message("Replies from the shop") String trResponses();
    @Message("Reviews with a reply") String trReplied();
    @Message("Response rate") String trRate();
    @Message("Period") String trPeriod();
    @Message("Loading the figures…") String trLoading();
    @Message("The figures cannot be shown right now.") String trUnavailable();
    @Message("The figures as JSON") String trJson();
    @Message("Back to the reviews") String trBack();

    // the report page and the report links of the public page and the widget (visitors' reports)
    @Message("Report") String report();
    @Message("Report this review") String reportTitle();
    @Message("Tell the moderators what is wrong with this review. The review stays visible while they look at it, unless it contains illegal content.") String reportIntro();
    @Message("What is wrong with it?") String reportReason();
    @Message("Fake or spam") String reasonSpam();
    @Message("Offensive or abusive") String reasonOffensive();
    @Message("Illegal content") String reasonIllegal();
    @Message("Contains personal data") String reasonPersonalData();
    @Message("Not about this shop or product") String reasonOffTopic();
    @Message("Something else") String reasonOther();
    @Message("Explanation (optional, at most 1000 characters)") String reportText();
    @Message("Send report") String reportSend();
    @Message("Thank you. The moderators will look at this review.") String reportThanks();
    @Message("Back to the reviews") String reportBack();
    @Message("Report the review of {name}") String reportLabel(String name);
    // one review's page (shoppage/rest/ReviewPageResource)
    @Message("Review of {shop} by {name}") String reviewPageTitle(String shop, String name);
    @Message("Review of {shop}") String reviewOf(String shop);
    @Message("This review is not shown.") String reviewNotShown();
    @Message("All reviews of {shop}") String allReviewsOf(String shop);
    // product stars (product/rest)
    @Message("Product reviews") String productReviews();
    @Message("Verified buyer") String verifiedBuyer();
    @Message("No reviews of this product yet.") String productNoReviews();
    // public page: all reviews, a page at a time
    @Message("Rating") String filterRating();
    @Message("Language") String filterLanguage();
    @Message("All") String filterAll();
    @Message("Show") String filterApply();
    @Message("Pages") String pages();
    @Message("Page {number} of {count}") String pageOf(int number, long count);
    @Message("Previous page") String previousPage();
    @Message("Next page") String nextPage();
}
