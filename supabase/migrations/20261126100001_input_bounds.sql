-- Every user-entered text column gets a length bound and every money or count column a range
-- (docs/product.md#input-rules). The same numbers are in src/lib/input-bounds.ts for the forms; a unit
-- test compares both. Each bound is its own constraint (<table>_<column>_length / _range) so that
-- the screens can name the field when the database refuses a value. char_length counts characters,
-- as the forms' maxLength does.

-- Profiles --------------------------------------------------------------------------------------
alter table public.profiles
  add constraint profiles_name_length check (char_length(name) <= 100),
  add constraint profiles_email_length check (char_length(email) <= 254),
  add constraint profiles_avatar_url_length check (char_length(avatar_url) <= 2048),
  -- Saved addresses: at most 20, the whole list at most 20,000 characters of JSON.
  add constraint profiles_saved_addresses_length check (
    jsonb_array_length(saved_addresses) <= 20 and char_length(saved_addresses::text) <= 20000
  );

-- Catalogue -------------------------------------------------------------------------------------
alter table public.categories
  add constraint categories_name_length check (char_length(name) <= 100),
  add constraint categories_icon_length check (char_length(icon) <= 64),
  add constraint categories_sort_order_range check (sort_order <= 100000);

alter table public.subcategories
  add constraint subcategories_name_length check (char_length(name) <= 100),
  add constraint subcategories_icon_length check (char_length(icon) <= 64),
  add constraint subcategories_sort_order_range check (sort_order <= 100000);

alter table public.service_items
  add constraint service_items_name_length check (char_length(name) <= 150),
  add constraint service_items_price_range check (price <= 1000000000),
  add constraint service_items_duration_length check (char_length(duration) <= 100),
  add constraint service_items_description_length check (char_length(description) <= 2000),
  add constraint service_items_job_details_length check (char_length(job_details) <= 5000),
  add constraint service_items_sort_order_range check (sort_order <= 100000);

alter table public.provider_documents
  add constraint provider_documents_name_length check (char_length(name) <= 255),
  add constraint provider_documents_storage_path_length check (char_length(storage_path) <= 1024);

-- Bookings: the snapshot columns hold at most what their source columns may hold ---------------
alter table public.bookings
  add constraint bookings_customer_name_length check (char_length(customer_name) <= 100),
  add constraint bookings_customer_email_length check (char_length(customer_email) <= 254),
  add constraint bookings_customer_phone_length check (char_length(customer_phone) <= 20),
  add constraint bookings_service_name_length check (char_length(service_name) <= 100),
  add constraint bookings_category_name_length check (char_length(category_name) <= 100),
  add constraint bookings_service_item_name_length check (char_length(service_item_name) <= 150),
  add constraint bookings_service_item_description_length check (char_length(service_item_description) <= 2000),
  add constraint bookings_service_item_job_details_length check (char_length(service_item_job_details) <= 5000),
  add constraint bookings_service_item_duration_length check (char_length(service_item_duration) <= 100),
  add constraint bookings_address_length check (char_length(address) <= 500),
  add constraint bookings_note_length check (char_length(note) <= 1000),
  add constraint bookings_discount_code_length check (char_length(discount_code) <= 32),
  add constraint bookings_service_item_price_range check (service_item_price <= 1000000000),
  add constraint bookings_original_price_range check (original_price <= 1000000000),
  add constraint bookings_final_price_range check (final_price <= 1000000000),
  add constraint bookings_discount_value_range check (discount_value <= 1000000000),
  add constraint bookings_discount_amount_range check (discount_amount <= 1000000000);

alter table public.reviews
  add constraint reviews_customer_name_length check (char_length(customer_name) <= 100),
  add constraint reviews_comment_length check (char_length(comment) <= 2000);

alter table public.commissions
  add constraint commissions_service_price_range check (service_price <= 1000000000),
  add constraint commissions_final_price_range check (final_price <= 1000000000);

alter table public.deposit_history
  add constraint deposit_history_amount_range check (amount <= 1000000000),
  add constraint deposit_history_note_length check (char_length(note) <= 500);

alter table public.discount_codes
  add constraint discount_codes_discount_value_range check (discount_value <= 1000000000),
  add constraint discount_codes_max_uses_range check (max_uses <= 1000000),
  add constraint discount_codes_uses_count_range check (uses_count <= 1000000);

alter table public.conversations
  add constraint conversations_last_message_length check (char_length(last_message) <= 2000);

alter table public.messages
  add constraint messages_content_length check (char_length(content) <= 2000);

alter table public.settings
  add constraint settings_admin_email_length check (char_length(admin_email) <= 254),
  add constraint settings_site_name_length check (char_length(site_name) <= 100),
  add constraint settings_site_description_length check (char_length(site_description) <= 1000),
  add constraint settings_contact_phone_length check (char_length(contact_phone) <= 20),
  add constraint settings_contact_address_length check (char_length(contact_address) <= 300),
  add constraint settings_min_deposit_amount_range check (min_deposit_amount <= 1000000000),
  add constraint settings_featured_banner_url_length check (char_length(featured_banner_url) <= 2048),
  add constraint settings_voucher_banner_url_length check (char_length(voucher_banner_url) <= 2048);
