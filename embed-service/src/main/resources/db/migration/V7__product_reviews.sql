-- ReviewChanged.products: the product reviews written with a review, for product stars on shop pages. Shown when their
-- review is (shown_review.shown); replaced with each event that carries products, removed with the review's deletion.
create table shown_product_review (
    id          bigserial     primary key,
    review_id   bigint        not null,
    webshop_id  bigint        not null,
    product_id  varchar(255)  not null,
    sku         varchar(255),
    gtin        varchar(32),
    name        varchar(500)  not null,
    url         text,
    image_url   text,
    rating      int           not null,
    text        text
);
create index shown_product_review_by_review on shown_product_review (review_id);
create index shown_product_review_by_sku on shown_product_review (webshop_id, sku);
create index shown_product_review_by_gtin on shown_product_review (webshop_id, gtin);
create index shown_product_review_by_product on shown_product_review (webshop_id, product_id);
