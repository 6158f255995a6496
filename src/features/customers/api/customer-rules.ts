// Rules of the customers screens: the customer statuses (the list filter and the detail editor).
// The contact-field rules are in src/lib/input/contact-rules.ts; the search runs in admin_list_customers.

export const CUSTOMER_STATUSES = ['active', 'inactive', 'banned', 'pending_approval'] as const;
