package dev.shopreviews.common.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as a JSON request body bound by {@link RequestBodies} (an endpoint's {@code @Valid} parameter, read by
 * {@link JsonRequestReader}, or read explicitly). Binding is strict: each component takes only its own JSON type
 * ("4" and 4.5 are no int, 4 is no string, null is no boolean), components are bound and refused in declaration
 * order, unknown fields are ignored. A constraint's message may name the field as {@value #FIELD}: the component's
 * JSON name is put in.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonRequest {
    /** Stands for the JSON name of the refused field in a message. */
    String FIELD = "{field}";

    /** The 400 message for a body that is empty, not JSON or not a JSON object. */
    String notObject();
}
