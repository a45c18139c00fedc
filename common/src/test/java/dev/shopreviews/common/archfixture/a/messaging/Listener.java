package dev.shopreviews.common.archfixture.a.messaging;

import dev.shopreviews.common.archfixture.a.rest.Form;

/** ArchitectureRulesTest's fixture: a consumer that uses the HTTP edge. */
public class Listener {
    public Form form() {
        return new Form();
    }
}
