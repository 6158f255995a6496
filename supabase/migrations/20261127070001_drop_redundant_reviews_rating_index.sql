-- reviews_rating_idx (rating) is the leading column of reviews_rating_id_idx (rating, id), which
-- serves every search by rating as well. Once autovacuum has run (visibility map set, as on any
-- live project), the planner preferred the smaller one plus an incremental sort for the reviews list's
-- sort by rating, instead of reading reviews_rating_id_idx in order; a copy of the suite on a freshly
-- vacuumed database saw that plan. One index per order, no prefix duplicates.
drop index if exists public.reviews_rating_idx;
