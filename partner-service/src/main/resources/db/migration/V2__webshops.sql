-- partner-service is the source of truth for webshops (DESIGN.md).
create sequence webshop_id_seq start with 1001;

create table webshop (
    id                  bigint primary key default nextval('webshop_id_seq'),
    api_code_hash       varchar(64)  not null,
    public_code         varchar(64)  not null unique,
    name                varchar(255) not null,
    url                 varchar(2048) not null,
    main_language       varchar(2)   not null,
    languages           varchar(255) not null,
    street              varchar(255),
    housenumber         varchar(64),
    postalcode          varchar(64),
    city                varchar(255),
    country             varchar(255),
    phone               varchar(64),
    email               varchar(255),
    vat                 varchar(64),
    logo                varchar(2048),
    hero_color          varchar(7),
    hero_image          varchar(2048),
    approved_at         timestamp(6) with time zone,
    reply_access        boolean      not null default false,
    active              boolean      not null default true,
    partner_source      varchar(255),
    partner_external_id varchar(255),
    rating_average      numeric(4, 2),
    rating_count        bigint       not null default 0,
    summary_at          timestamp(6) with time zone,
    version             bigint       not null default 1,
    created_at          timestamp(6) with time zone not null,
    constraint webshop_partner_unique unique (partner_source, partner_external_id)
);

-- Every domain of every webshop, normalised (lower case, no www., punycode).
create table webshop_domain (
    domain     varchar(255) not null,
    webshop_id bigint       not null references webshop (id) on delete cascade,
    primary key (domain, webshop_id)
);
create index webshop_domain_webshop on webshop_domain (webshop_id);

create table partner_assurance (
    webshop_id bigint       not null references webshop (id) on delete cascade,
    partner    varchar(255) not null,
    status     boolean      not null,
    primary key (webshop_id, partner)
);

create table partner_token (
    id         bigserial primary key,
    partner    varchar(255) not null,
    token_hash varchar(64)  not null unique,
    created_at timestamp(6) with time zone not null,
    revoked_at timestamp(6) with time zone
);
