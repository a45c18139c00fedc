-- The lock that serialises everything deciding about one order of one webshop (adding its invitation, recording its
-- consent) until the end of the transaction. Same key as the Java code used before, (int) (id ^ id >>> 32) and
-- hashtext(order), so replicas of the old and the new version exclude each other during a rolling update.
create function lock_order(p_webshop_id bigint, p_order_number text) returns void
    language sql volatile as $$
    select pg_advisory_xact_lock(((p_webshop_id # (p_webshop_id >> 32))::bit(32))::integer, hashtext(p_order_number))
$$;

-- Adds one invitation in one round trip (spec 3.1): under the order's lock it applies the order's consent ("ask me
-- later" postpones to the consent's delay) and inserts unless the webshop+email+order combination was used before.
-- Answers 'queued', 'already_used' or 'review_written'. When the review was written in the pop-up, the invitation is
-- stored (state review_written) only with p_store_written_review, and the caller must confirm the order in the same
-- transaction; without it nothing is stored (InvitationService adds it again inside such a transaction).
create function add_invitation(p_webshop_id bigint, p_email varchar, p_order_number varchar, p_language varchar,
                               p_delay_days integer, p_customer_name varchar, p_phone_numbers text,
                               p_order_total numeric, p_products text, p_client varchar, p_platform_version varchar,
                               p_plugin_version varchar, p_created_at timestamptz,
                               p_store_written_review boolean)
    returns text language plpgsql volatile as $$
declare
    consent order_consent%rowtype;
    delay   integer := p_delay_days;
    stored  varchar := 'queued';
    due     timestamptz;
begin
    if p_order_number <> '' then
        perform lock_order(p_webshop_id, p_order_number);
        -- Each statement of a volatile function takes a new snapshot, so this read sees a consent committed while
        -- the lock was awaited (one statement doing lock and read would read from before the lock).
        select * into consent from order_consent where webshop_id = p_webshop_id and order_number = p_order_number;
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
    -- Whole days of 24 hours (spec 3.1), whatever the session's time zone.
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
