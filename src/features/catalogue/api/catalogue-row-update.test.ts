import { describe, expect, it } from 'vitest';
import { ConflictError } from '@/lib/errors/errors.ts';
import { catalogueSaveError } from './catalogue-row-update.ts';

const texts = { updated: 'saved', conflict: 'changed', orderFailed: 'order', visibilityFailed: 'visibility', updateFailed: 'update' };

describe('catalogue save errors', () => {
  it('says a conflict as such, whatever was edited', () => {
    expect(catalogueSaveError(texts, { sort_order: 3 }, new ConflictError('x'))).toBe('changed');
  });

  it('names the failed edit, then the reason', () => {
    expect(catalogueSaveError(texts, { sort_order: 3 }, new Error('boom'))).toMatch(/^order\. /);
    expect(catalogueSaveError(texts, { active: false }, new Error('boom'))).toMatch(/^visibility\. /);
    expect(catalogueSaveError(texts, { name: 'A' }, new Error('boom'))).toMatch(/^update\. /);
  });
});
