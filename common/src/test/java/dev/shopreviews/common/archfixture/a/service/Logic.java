package dev.shopreviews.common.archfixture.a.service;

import dev.shopreviews.common.archfixture.a.rest.Form;
import dev.shopreviews.common.archfixture.b.service.Other;
import dev.shopreviews.common.archfixture.other.ForeignService;
import jakarta.enterprise.context.ApplicationScoped;

/** ArchitectureRulesTest's fixture: a service bean that uses the edge, another feature and another service. */
@ApplicationScoped
public class Logic {
    public String handle(Form form) {
        return form.email + new Other().name() + new ForeignService().name();
    }
}
