-- admin_list_reviews and admin_list_conversations estimate their total with EXPLAIN once more than
-- 10,000 rows match, and Postgres refuses EXPLAIN inside a non-volatile function (0A000 "EXPLAIN is
-- not allowed in a non-volatile function"): on a large data set (npm run seed:large, measured by
-- npm run bench:load) every unfiltered reviews / conversations page answered HTTP 400. They become
-- volatile like admin_list_bookings (they still only read; the API runs them through POST).

alter function public.admin_list_reviews(text, integer, text, integer, integer) volatile;
alter function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) volatile;
