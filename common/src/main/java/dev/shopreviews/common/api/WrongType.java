package dev.shopreviews.common.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The 400 message of a {@link JsonRequest} component given a JSON value of another type, where neither its first
 * constraint's message nor the default ("Invalid value for x: expected a string.") is the documented one.
 */
@Documented
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface WrongType {
    /** May name the field as {@link JsonRequest#FIELD}. */
    String value();
}
