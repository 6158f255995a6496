-- The audit log is written only by the security definer trigger function (as the table owner):
-- no API role, not even service_role, may insert, update, delete or truncate it.
revoke insert, update, delete, truncate, references, trigger on table public.audit_log from service_role;
grant select on table public.audit_log to service_role;
