-- PostgreSQL twin of migrations/008-lower-case-lookups.sql. Handles and dashboard slugs are found
-- whatever their case by comparing lower(...); here the unique indexes of 001 and 003 are on
-- lower(handle) and (owner_id, lower(slug)) already and serve those lookups, so there is nothing
-- to add. The file keeps the two migration histories in step.
SELECT 1;
