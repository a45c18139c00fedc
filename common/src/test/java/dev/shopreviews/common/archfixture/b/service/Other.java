package dev.shopreviews.common.archfixture.b.service;

import dev.shopreviews.common.archfixture.a.service.Logic;

/** ArchitectureRulesTest's fixture: feature b uses feature a, which uses b (a cycle). */
public class Other {
    public String name() {
        return Logic.class.getSimpleName();
    }
}
