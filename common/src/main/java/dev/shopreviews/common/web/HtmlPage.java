package dev.shopreviews.common.web;

import jakarta.ws.rs.NameBinding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource class that answers HTML pages: only its answers go through {@link PageSecurityHeaders}, so the
 * JSON endpoints pay nothing for it.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface HtmlPage {
}
