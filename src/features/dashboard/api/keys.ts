// Query keys of the dashboard.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  recentBookings: () => [...dashboardKeys.all, 'recent-bookings'] as const,
};
