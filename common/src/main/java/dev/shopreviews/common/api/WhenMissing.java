package dev.shopreviews.common.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value of a {@link JsonRequest} component whose field the body leaves out, where it is not the type's own
 * (null, false, 0): e.g. {@code @WhenMissing("true") boolean active}. Only a missing field takes it; a JSON null is a
 * value like any other (refused for a primitive). For boolean, int, long (boxed or not) and String components.
 */
@Documented
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface WhenMissing {
    /** The value as its JSON text would read without quotes: "true", "50", "left". */
    String value();
}
