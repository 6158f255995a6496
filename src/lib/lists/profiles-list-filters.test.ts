import { describe, expect, it } from 'vitest';
import { PROFILES_LIST_DEFAULTS, profilesListAllowed, toProfilesListArgs } from './profiles-list-filters.ts';

const STATUSES = ['active', 'inactive'] as const;

describe('customers and providers list filters', () => {
  it('sends nothing for the defaults', () => {
    expect(toProfilesListArgs(PROFILES_LIST_DEFAULTS, STATUSES)).toEqual({});
  });

  it('sends the trimmed search and a known status only', () => {
    expect(toProfilesListArgs({ ...PROFILES_LIST_DEFAULTS, q: ' An ', status: 'inactive' }, STATUSES)).toEqual({ p_search: 'An', p_status: 'inactive' });
    expect(toProfilesListArgs({ ...PROFILES_LIST_DEFAULTS, status: 'banned' }, STATUSES)).toEqual({});
  });

  it('allows the statuses, all, and both directions of each sortable column', () => {
    expect(profilesListAllowed(STATUSES, ['name'])).toEqual({ status: ['', 'active', 'inactive'], sort: ['', 'name.asc', 'name.desc'] });
  });
});
