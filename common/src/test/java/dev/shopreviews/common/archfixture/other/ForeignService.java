package dev.shopreviews.common.archfixture.other;

/** ArchitectureRulesTest's fixture: a class of "another service". */
public class ForeignService {
    public String name() {
        return "foreign";
    }
}
