import { describe, expect, it } from 'vitest';
import {
  adminRouteModules,
  adminScreenChunks,
  HOME_ROUTE_MODULE,
  homePageChunks,
  staticClosure,
  type Manifest,
} from './check-bundle-size.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: [HOME_ROUTE_MODULE, 'src/app/admin-root.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_title.js': { file: 'assets/title.js', imports: ['index.html'] },
  [HOME_ROUTE_MODULE]: { file: 'assets/home.js', isDynamicEntry: true, imports: ['index.html', '_title.js'] },
  'src/app/admin-root.tsx': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['index.html', '_supabase.js'] },
  '_supabase.js': { file: 'assets/supabase.js' },
};

describe('bundle measurement', () => {
  it('follows static imports only (admin chunks behind dynamic imports are not counted)', () => {
    expect(staticClosure(manifest, ['index.html']).sort()).toEqual(['_vendor.js', 'index.html']);
  });
  it('the home page = entry + home route chunk + their static imports', () => {
    expect(homePageChunks(manifest).sort()).toEqual(['_title.js', '_vendor.js', HOME_ROUTE_MODULE, 'index.html'].sort());
  });
  it('fails loudly when the manifest is not what it expects', () => {
    expect(() => staticClosure(manifest, ['missing.js'])).toThrow(/no chunk/);
    const { [HOME_ROUTE_MODULE]: _home, ...withoutHome } = manifest;
    expect(() => homePageChunks(withoutHome)).toThrow(/not a chunk/);
  });
});

describe('admin screens', () => {
  const admin: Manifest = {
    ...manifest,
    'src/features/bookings/routes/bookings-list-page.tsx': { file: 'assets/bookings.js', isDynamicEntry: true, imports: ['index.html', '_table.js'] },
    'src/features/public-site/routes/contact-page.tsx': { file: 'assets/contact.js', isDynamicEntry: true, imports: ['index.html'] },
    '_table.js': { file: 'assets/table.js', imports: ['_supabase.js'] },
  };
  it('lists the admin route modules, not the public site\'s', () => {
    expect(adminRouteModules(admin)).toEqual(['src/features/bookings/routes/bookings-list-page.tsx']);
  });
  it('a screen = entry + admin root + its route chunk + their static imports', () => {
    expect(adminScreenChunks(admin, 'src/features/bookings/routes/bookings-list-page.tsx').sort()).toEqual(
      ['_supabase.js', '_table.js', '_vendor.js', 'index.html', 'src/app/admin-root.tsx', 'src/features/bookings/routes/bookings-list-page.tsx'].sort(),
    );
  });
  it('a screen with a loader module counts it and the admin loader with their static imports', () => {
    const withLoaders: Manifest = {
      ...admin,
      'src/features/bookings/routes/bookings-list-loader.ts': { file: 'assets/bookings-loader.js', isDynamicEntry: true, imports: ['_query.js'] },
      'src/app/admin-loader.ts': { file: 'assets/admin-loader.js', isDynamicEntry: true, imports: ['_supabase.js'] },
      '_query.js': { file: 'assets/query.js' },
    };
    expect(adminRouteModules(withLoaders)).toEqual(['src/features/bookings/routes/bookings-list-page.tsx']);
    expect(adminScreenChunks(withLoaders, 'src/features/bookings/routes/bookings-list-page.tsx')).toEqual(
      expect.arrayContaining(['src/features/bookings/routes/bookings-list-loader.ts', 'src/app/admin-loader.ts', '_query.js']),
    );
  });
});
