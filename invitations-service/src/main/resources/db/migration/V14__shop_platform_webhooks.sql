-- Shops connected without code (docs/api-notes.md, "Shop platforms"): WooCommerce and Shopify send their order
-- webhooks to /api/1.0/shop_platforms/{platform}/{webshop_id}; each is checked against the webshop's secret for that
-- platform and a completed / fulfilled order becomes an invitation through the spec's add.

-- The secret of one webshop and platform, encrypted (PlatformSecretCipher, AES-256-GCM under SECRET_ENCRYPTION_KEY,
-- the webshop id and platform authenticated). source: 'generated' (made by this service, pasted into WooCommerce)
-- or 'platform' (the platform's own signing secret, e.g. Shopify's, pasted into the dashboard).
create table shop_platform_connection (
    id               bigserial    primary key,
    webshop_id       bigint       not null,
    platform         varchar(16)  not null check (platform in ('woocommerce', 'shopify')),
    secret_encrypted text         not null,
    source           varchar(16)  not null check (source in ('generated', 'platform')),
    created_at       timestamptz  not null,
    updated_at       timestamptz  not null,
    last_delivery_at timestamptz,
    unique (webshop_id, platform)
);

-- Each delivery once, however often the platform retries it (its delivery id: X-WC-Webhook-Delivery-ID,
-- X-Shopify-Webhook-Id).
create table shop_platform_delivery (
    webshop_id  bigint       not null,
    platform    varchar(16)  not null,
    delivery_id varchar(200) not null,
    received_at timestamptz  not null,
    primary key (webshop_id, platform, delivery_id)
);
create index shop_platform_delivery_received on shop_platform_delivery (received_at);

-- Each order once, whatever the delivery (an order updated again after completion, or the same order under two
-- topics): the platform's order id. outcome: what the add answered (queued, already_used, limit_reached) or why it
-- was refused (the add's 400 message). The e-mail address is not kept here (the invitation holds it).
create table shop_platform_order (
    webshop_id        bigint        not null,
    platform          varchar(16)   not null,
    platform_order_id varchar(64)   not null,
    order_number      varchar(255)  not null,
    received_at       timestamptz   not null,
    outcome           varchar(300)  not null,
    primary key (webshop_id, platform, platform_order_id)
);
create index shop_platform_order_received on shop_platform_order (received_at);
