package dev.shopreviews.common.api;

/** Makes an endpoint's error body (a record starting with status "error" and the message) for a message. */
@FunctionalInterface
public interface ErrorBody {
    /** {status: error, message}: endpoints whose spec lists no fields on error. */
    ErrorBody PLAIN = StatusMessage::error;

    Object of(String message);
}
