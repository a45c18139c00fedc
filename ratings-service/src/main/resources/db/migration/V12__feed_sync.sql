-- The detailed product feed (sync clients such as the WooCommerce plugin) lists the most recently modified reviews
-- first and pages on (modified_at, product review id) descending.
create index review_by_shop_modified on review (webshop_id, modified_at desc);

-- GDPR Art. 19: an erased review's original e-mail address, and nothing else, kept for a bounded time
-- (shopreviews.retention.erased-review-address, P90D, RetentionCleanUp) so that the detailed feed can tell a
-- shop's copy of the review (found by review id, product and e-mail address) to delete itself. Only reviews that
-- have product reviews (the feed's entries) get a row.
create table erased_review_address (
    review_id  bigint       primary key references review (id),
    webshop_id bigint       not null,
    email      varchar(254) not null,
    erased_at  timestamp(6) with time zone not null
);
create index erased_review_address_age on erased_review_address (erased_at);
