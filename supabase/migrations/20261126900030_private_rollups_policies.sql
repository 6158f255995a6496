-- The stats rollups of private (profiles per role, commissions per day and service, deposits per
-- day and status) are read by the admin stats functions as their owner and granted to no API role.
-- Their RLS gets the same admin-only read policy as the public rollups, so that a grant added by
-- mistake later still shows them to admins only (and the database linter sees every RLS table
-- with a policy).

create policy profile_role_counts_admin_select on private.profile_role_counts
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_service_daily_admin_select on private.commission_stats_service_daily
  for select to authenticated using ((select private.is_admin()));
create policy deposit_stats_daily_admin_select on private.deposit_stats_daily
  for select to authenticated using ((select private.is_admin()));
