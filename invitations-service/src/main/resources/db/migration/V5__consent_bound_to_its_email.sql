-- Issue 21: a consent from the browser is bound to the e-mail address it was given for. One row per webshop, order
-- and address (case-insensitive), so a forged consent for an order can neither replace nor borrow the real
-- customer's. The rules of what a consent does to an invitation live here only (add_invitation and apply_consent);
-- docs/api-notes.md states them.
alter table order_consent add column email_key varchar(254) generated always as (lower(coalesce(email, ''))) stored;
alter table order_consent drop constraint order_consent_pkey;
alter table order_consent add primary key (webshop_id, order_number, email_key);

-- The consent that decides about the invitation of p_email for the order: a review written for that very address
-- first; otherwise "ask me later" for that address or one given without an address (it only postpones, within
-- ConsentService.MAX_ASK_LATER_DAYS, which is clamped when stored).
create function matching_consent(p_webshop_id bigint, p_order_number varchar, p_email varchar)
    returns setof order_consent language sql stable as $$
    select * from order_consent
    where webshop_id = p_webshop_id and order_number = p_order_number
      and ((choice = 'review_written' and email_key = lower(p_email))
           or (choice = 'ask_later' and email_key in (lower(p_email), '')))
    order by choice = 'review_written' desc, invite_delay_days desc
    limit 1
$$;

-- As V3's add_invitation, with the consent matched to the invitation's e-mail address.
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

-- Applies a consent just recorded (under the order's lock) to the invitations already added for the order. A
-- review written for an address stops that address's waiting invitation and answers the address whose order is to be
-- confirmed (null when the shop has not added an invitation for it yet); "ask me later" postpones the waiting
-- invitations it matches to its delay after they were added. Never touches another address's invitation.
create function apply_consent(p_webshop_id bigint, p_order_number varchar, p_email varchar)
    returns varchar language plpgsql volatile as $$
declare
    consent order_consent%rowtype;
    invited varchar;
begin
    select * into consent from order_consent
    where webshop_id = p_webshop_id and order_number = p_order_number and email_key = lower(coalesce(p_email, ''));
    if not found then
        return null;
    end if;
    if consent.choice = 'review_written' then
        if consent.email_key = '' then
            return null;
        end if;
        update invitation set state = 'review_written'
        where webshop_id = p_webshop_id and order_number = p_order_number and lower(email) = consent.email_key
          and state in ('queued', 'retrying');
        select email into invited from invitation
        where webshop_id = p_webshop_id and order_number = p_order_number and lower(email) = consent.email_key
        order by id limit 1;
        return invited;
    end if;
    update invitation
    set delay_days      = consent.invite_delay_days,
        scheduled_at    = created_at + make_interval(hours => 24 * consent.invite_delay_days),
        next_attempt_at = greatest(next_attempt_at, created_at + make_interval(hours => 24 * consent.invite_delay_days))
    where webshop_id = p_webshop_id and order_number = p_order_number and state in ('queued', 'retrying')
      and delay_days < consent.invite_delay_days
      and (consent.email_key = '' or lower(email) = consent.email_key);
    return null;
end
$$;
