package dev.shopreviews.common.api;

/** Message texts fixed by the interface spec (section 7); quoted exactly. */
public final class Messages {
    /** Not in the spec: the answer for a deactivated webshop (EnvelopeException#deactivated). */
    public static final String WEBSHOP_DEACTIVATED = "This webshop has been deactivated. Please contact the operator.";
    public static final String SUCCESS = "success";
    public static final String ERROR = "error";

    public static final String NOT_ALL_VARIABLES = "Not all obligated variables are set.";
    public static final String INCORRECT_CREDENTIALS = "Incorrect authentication credentials.";
    public static final String UNEXPECTED = "Unexpected error while processing. Please contact the operator.";

    private Messages() {
    }
}
