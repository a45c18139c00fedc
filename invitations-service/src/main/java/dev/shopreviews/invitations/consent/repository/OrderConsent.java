package dev.shopreviews.invitations.consent.repository;

/** The consent recorded for one order of one webshop (spec 2.7): the pop-up choice and the invite delay. */
public record OrderConsent(long webshopId, String orderNumber, String choice, int inviteDelayDays) {

    public boolean reviewWritten() {
        return dev.shopreviews.common.events.ConsentRecorded.CHOICE_REVIEW_WRITTEN.equals(choice);
    }

    public boolean askLater() {
        return dev.shopreviews.common.events.ConsentRecorded.CHOICE_ASK_LATER.equals(choice);
    }
}
