-- Per-webshop invitation defaults, set by the shop owner in the dashboard (Settings): the delay an invitation added
-- without one gets, and the display name of the invitation e-mail's From header (the address stays the configured one).
create table invitation_defaults (
    webshop_id    bigint       primary key,
    default_delay integer      not null check (default_delay between 0 and 365),
    sender_name   varchar(100),
    updated_at    timestamptz  not null,
    updated_by    varchar(200) not null
);

-- As V5's add_invitation, with one change: p_delay_days null means the request named no delay, and the webshop's
-- default_delay (invitation_defaults) applies, else the spec's default 0 (spec 4.1). A request naming a delay keeps it.
create or replace function add_invitation(p_webshop_id bigint, p_email varchar, p_order_number varchar,
                                          p_language varchar, p_delay_days integer, p_customer_name varchar,
                                          p_phone_numbers text, p_order_total numeric, p_products text,
                                          p_client varchar, p_platform_version varchar, p_plugin_version varchar,
                                          p_created_at timestamptz, p_store_written_review boolean)
    returns text language plpgsql volatile as $$
declare
    consent order_consent%rowtype;
    delay   integer := p_delay_days;
    stored  varchar := 'queued';
    due     timestamptz;
begin
    if delay is null then
        select d.default_delay into delay from invitation_defaults d where d.webshop_id = p_webshop_id;
        delay := coalesce(delay, 0);
    end if;
    if p_order_number <> '' then
        perform lock_order(p_webshop_id, p_order_number);
        -- A statement of its own: it sees a consent committed while the lock was awaited (V3).
        select * into consent from matching_consent(p_webshop_id, p_order_number, p_email);
        if found and consent.choice = 'review_written' then
            if not p_store_written_review then
                return 'review_written';
            end if;
            stored := 'review_written';
        end if;
        if found and consent.choice = 'ask_later' then
            delay := greatest(delay, consent.invite_delay_days);
        end if;
    end if;
    due := p_created_at + make_interval(hours => 24 * delay);
    insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name, phone_numbers,
                            order_total, products, client, platform_version, plugin_version, state, created_at,
                            scheduled_at, attempts, next_attempt_at)
    values (p_webshop_id, p_email, p_order_number, p_language, delay, p_customer_name, p_phone_numbers,
            p_order_total, p_products, p_client, p_platform_version, p_plugin_version, stored, p_created_at,
            due, 0, due)
    on conflict (webshop_id, lower(email), order_number) where order_number <> '' do nothing;
    return case when found then stored else 'already_used' end;
end
$$;
