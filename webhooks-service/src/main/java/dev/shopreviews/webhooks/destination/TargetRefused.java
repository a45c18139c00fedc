package dev.shopreviews.webhooks.destination;

/** A webhook URL or the address it resolves to is not allowed; the message says why (it is shown to the shop). */
public class TargetRefused extends Exception {
    public TargetRefused(String message) {
        super(message, null, false, false);
    }
}
