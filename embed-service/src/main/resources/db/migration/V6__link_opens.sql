-- The shop dashboard's "opened link" outcome: when a known review link's form was first served (GET, not HEAD or the
-- POST), set once by the form's lookup (ReviewLinks.open). announced_at: when invitations-service issued the link (the
-- event's occurred_at; the dashboard counts opens by this period). Links announced before this migration have no
-- announced_at and are not counted.
alter table known_review_link add column announced_at timestamp(6) with time zone;
alter table known_review_link add column opened_at timestamp(6) with time zone;
-- DashboardLinkOpens: a webshop's opened links by announcement time; only opened rows are indexed.
create index known_review_link_opened on known_review_link (webshop_id, announced_at) where opened_at is not null;
-- Retention deletes a link 30 days after it expired (RetentionCleanUp), well within the dashboard's 12 months: the
-- same transaction first adds its opening to this count per webshop and UTC day of announced_at (no personal data).
create table known_review_link_opens (
    webshop_id   bigint not null,
    announced_on date   not null,
    opened       bigint not null,
    primary key (webshop_id, announced_on)
);
