-- Promotion codes: after trimming and upper-casing (discount_codes_normalise), 3 to 32 characters
-- among A-Z, 0-9, - and _ (docs/product.md#input-rules): no spaces, accents or markup.

alter table public.discount_codes
  add constraint discount_codes_code_format check (code ~ '^[A-Z0-9_-]{3,32}$');
