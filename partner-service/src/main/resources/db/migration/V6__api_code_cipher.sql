-- The API code encrypted with SECRET_ENCRYPTION_KEY (ApiCodeCipher), written where a code is created or rotated and
-- carried in the webshop snapshot to embed-service, which checks order-data signatures with it. Null for codes issued
-- before this migration until they are rotated (docs/api-notes.md, "Signed order data").
alter table webshop add column api_code_cipher text;
