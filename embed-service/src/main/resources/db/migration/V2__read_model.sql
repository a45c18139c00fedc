-- embed-service's read model: what browsers are shown. Filled from ratings.summary and reviews.* only.
create table shop_summary (
    webshop_id       bigint primary key,
    amount           bigint        not null,
    rating_average   numeric(4, 2) not null,
    shippingtime     numeric(4, 2) not null,
    customerservice  numeric(4, 2) not null,
    pricequality     numeric(4, 2) not null,
    aftersale        numeric(4, 2) not null,
    occurred_at      timestamp(6) with time zone not null
);

-- One row per review ever seen; shown = published and not quarantined and not deleted. Rows of hidden or deleted
-- reviews stay (shown false) so that an older event arriving late cannot bring a deleted review back.
create table shown_review (
    review_id        bigint primary key,
    webshop_id       bigint        not null,
    shown            boolean       not null,
    name             varchar(255)  not null,
    rating           int           not null,
    shippingtime     int           not null,
    customerservice  int           not null,
    pricequality     int           not null,
    aftersale        int           not null,
    comment          text,
    review_date      varchar(10)   not null,
    created          varchar(19)   not null,
    language         varchar(8),
    country          varchar(8),
    verified         boolean       not null,
    reaction         text          not null,
    changed_at       timestamp(6) with time zone not null
);
create index shown_review_latest on shown_review (webshop_id, shown, created desc, review_id desc);
