-- docs/privacy.md: an opt-out is kept as the address's hash only (common EmailHash: hex SHA-256 of the trimmed,
-- lower-cased address; the expression below is EmailHash.SQL), so it can outlive an erasure of the address. A row
-- with webshop_id 0 (CustomerErased.EVERY_SHOP) opts the address out of every webshop's e-mails.
alter table opt_out add column email_hash varchar(64);
update opt_out set email_hash = encode(sha256(convert_to(lower(trim(email)), 'UTF8')), 'hex');
alter table opt_out alter column email_hash set not null;
alter table opt_out drop constraint opt_out_pkey;
-- Two stored spellings of one address (only surrounding blanks could differ) become one opt-out.
delete from opt_out a using opt_out b
where a.webshop_id = b.webshop_id and a.email_hash = b.email_hash and a.ctid > b.ctid;
alter table opt_out drop column email;
alter table opt_out add primary key (webshop_id, email_hash);

-- Retention (erasure/service/RetentionCleanup): the clean-up finds old rows by these.
create index invitation_unanswered_created on invitation (created_at) where state in ('sent', 'failed', 'opted_out');
create index order_consent_recorded on order_consent (recorded_at);
create index review_link_expires on review_link (expires_at);
