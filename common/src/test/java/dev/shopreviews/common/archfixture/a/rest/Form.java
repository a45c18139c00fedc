package dev.shopreviews.common.archfixture.a.rest;

import org.eclipse.microprofile.reactive.messaging.Incoming;

/** ArchitectureRulesTest's fixture: an HTTP edge class, with a consumer where none belongs. */
public class Form {
    public String email;

    @Incoming("misplaced")
    public void consume(String record) {
        email = record;
    }
}
