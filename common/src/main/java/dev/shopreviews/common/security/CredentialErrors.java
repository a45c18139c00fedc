package dev.shopreviews.common.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error body a shop API endpoint answers when its credentials are refused, where the spec gives it fields
 * beyond status and message (e.g. an empty list): a class with a {@code static … error(String message)}.
 * Without it the body is {status, message}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CredentialErrors {
    Class<?> value();
}
