-- Issue 21: the links of an invitation e-mail carry an opaque reference (common LinkReferences), stored here only as
-- its SHA-256. One reference per e-mail sent; it opens the review form (embed-service keeps its own copy from topic
-- review-links) and the opt-out page of this service.
create table review_link (
    ref_hash      varchar(64)  primary key,
    invitation_id bigint       not null,
    webshop_id    bigint       not null,
    email         varchar(254) not null,
    language      varchar(8)   not null,
    created_at    timestamp(6) with time zone not null,
    expires_at    timestamp(6) with time zone not null,
    revoked_at    timestamp(6) with time zone
);
create index review_link_invitation on review_link (invitation_id);
