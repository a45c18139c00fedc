package dev.shopreviews.common.audit;

/** Whoever makes an audited change: an operator, a script's token, a shop owner. */
public interface Actor {
    /** What the audit log records, for example {@code operator:alice} or {@code owner:12}. */
    String actor();
}
