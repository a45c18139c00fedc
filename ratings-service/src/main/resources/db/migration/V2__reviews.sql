-- Reviews (shop ratings) and the product reviews written with them.
create table review (
    id               bigserial primary key,
    webshop_id       bigint       not null,
    source_event_id  varchar(64),
    origin           varchar(16)  not null,
    invitation_id    bigint,
    order_number     varchar(255) not null default '',
    name             varchar(100) not null,
    email            varchar(254) not null,
    country          varchar(2)   not null,
    language         varchar(2)   not null,
    rating           smallint     not null,
    shippingtime     smallint     not null,
    customerservice  smallint     not null,
    pricequality     smallint     not null,
    aftersale        smallint     not null,
    comment          text,
    comment_hash     varchar(64),
    client_address   varchar(64),
    is_read          boolean      not null default false,
    quarantine       boolean      not null default false,
    quarantine_reason varchar(500),
    verified         boolean      not null default false,
    held             boolean      not null default false,
    reaction         text         not null default '',
    reaction_at      timestamp(6) with time zone,
    created_at       timestamp(6) with time zone not null,
    modified_at      timestamp(6) with time zone not null,
    deleted_at       timestamp(6) with time zone
);
create index review_by_shop_newest on review (webshop_id, created_at desc, id desc);
create index review_by_shop_hash on review (webshop_id, comment_hash) where comment_hash is not null;
create index review_by_shop_client on review (webshop_id, client_address, created_at) where client_address is not null;
create index review_held_by_order on review (webshop_id, order_number) where held;

create table product_review (
    id          bigserial primary key,
    review_id   bigint       not null references review (id),
    webshop_id  bigint       not null,
    product_id  varchar(255) not null,
    name        varchar(255) not null,
    url         varchar(2048),
    image_url   varchar(2048),
    sku         varchar(255),
    gtin        varchar(64),
    rating      smallint     not null,
    text        text
);
create index product_review_by_review on product_review (review_id);
create index product_review_by_shop on product_review (webshop_id, id);

-- Orders a shop confirmed (orders.confirmed); a pop-up review of such an order is published as verified,
-- whether the confirmation arrives before or after the review.
create table order_confirmation (
    webshop_id   bigint       not null,
    order_number varchar(255) not null,
    confirmed_at timestamp(6) with time zone not null,
    primary key (webshop_id, order_number)
);

-- Reply notifications to reviewers, written in the reply's transaction and sent by a scheduler (retried).
create table reply_notification (
    id          bigserial primary key,
    review_id   bigint       not null references review (id),
    recipient   varchar(254) not null,
    created_at  timestamp(6) with time zone not null,
    attempts    int          not null default 0,
    next_try_at timestamp(6) with time zone not null,
    sent_at     timestamp(6) with time zone,
    last_error  varchar(500)
);
create index reply_notification_due on reply_notification (next_try_at) where sent_at is null;
