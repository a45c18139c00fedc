-- The owner's sidebar settings from the dashboard (spec 4.12: the page variables override each of them). A webshop
-- without a row uses the spec's defaults. Expand-only: the previous release never reads the table.
create table sidebar_settings (
    webshop_id  bigint primary key,
    sidebar     boolean     not null,
    position    varchar(5)  not null,
    top_offset  varchar(10) not null,
    theme       varchar(5)  not null,
    mobile      varchar(13) not null,
    mobile_tab  varchar(6)  not null,
    tooltip     boolean     not null,
    -- '' = the webshop's default language; else an ISO-639-3 code of a supported language, url, html or browser
    language    varchar(7)  not null,
    updated_at  timestamptz not null
);
