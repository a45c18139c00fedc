package dev.shopreviews.common.api;

/**
 * An error answered as the spec's envelope {"status":"error","message":…}. The HTTP status follows the one
 * documented mapping: missing or invalid input 400, bad credentials 401, unknown resource 404,
 * unexpected failure 500.
 */
public class EnvelopeException extends RuntimeException {
    private final int httpStatus;

    public EnvelopeException(int httpStatus, String message) {
        super(message, null, false, false);
        this.httpStatus = httpStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public static EnvelopeException missingVariables() {
        return new EnvelopeException(400, Messages.NOT_ALL_VARIABLES);
    }

    public static EnvelopeException incorrectCredentials() {
        return new EnvelopeException(401, Messages.INCORRECT_CREDENTIALS);
    }

    /**
     * The right id and code of a webshop the operator has deactivated (an extension: the spec has no such
     * condition). Only a caller who proved the code learns that the shop exists and why it stops.
     */
    public static EnvelopeException deactivated() {
        return new EnvelopeException(403, Messages.WEBSHOP_DEACTIVATED);
    }

    public static EnvelopeException invalid(String message) {
        return new EnvelopeException(400, message);
    }

    public static EnvelopeException notFound(String message) {
        return new EnvelopeException(404, message);
    }
}
