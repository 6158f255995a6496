-- Catalogue names are unique whatever the case and the accents (private.vi_fold): two professions
-- cannot both be "Dịch vụ y tế" and "dich vu Y TE"; a service name is unique in its profession and a
-- package name in its service (docs/product.md#input-rules).

create unique index categories_name_folded_key on public.categories (private.vi_fold(name));
create unique index subcategories_category_name_folded_key on public.subcategories (category_id, private.vi_fold(name));
create unique index service_items_subcategory_name_folded_key on public.service_items (subcategory_id, private.vi_fold(name));
