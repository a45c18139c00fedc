package dev.shopreviews.common.archfixture.a.repository;

import dev.shopreviews.common.archfixture.a.service.Logic;

/** ArchitectureRulesTest's fixture: a repository that calls a service bean. */
public class Store {
    public String save(Logic logic) {
        return logic.handle(null);
    }
}
