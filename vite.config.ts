import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { vitePrerenderPlugin } from 'vite-prerender-plugin';
import { loadConfig } from './local-stack/config.ts';
import { NOT_FOUND_FILE, PUBLIC_PAGES, robotsTxt, sitemapXml, type PublicPageKind } from './src/features/public-site/site-pages.ts';

// The SPA: public site + admin back office. The manifest lets scripts/check-bundle-size.ts measure
// what the public home page downloads. The public pages are prerendered to static HTML
// (src/features/public-site/prerender.tsx, docs/architecture.md#public-site-prerendering).

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PRERENDER_SCRIPT = path.join(ROOT, 'src/features/public-site/prerender.tsx');

/** The site's public address: SITE_URL, else `[auth] site_url` of supabase/config.toml. */
function siteUrl(): string {
  const configured = process.env.SITE_URL?.trim() || loadConfig(process.env).project.auth.site_url;
  return configured.replace(/\/+$/, '');
}

/**
 * Where the build reads the catalogue and settings it bakes into the pages: SDV_BUILD_API_URL (+
 * SDV_BUILD_ANON_KEY), else VITE_SUPABASE_URL (+ VITE_SUPABASE_ANON_KEY), else the local stack's
 * API (`npm start`, SDV_PORT_OFFSET honoured). SDV_BUILD_DATA=snapshot skips the API and uses the
 * committed snapshot, which is also the fallback when the API does not answer.
 */
function buildApi(): { url: string; anonKey: string } | null {
  if (process.env.SDV_BUILD_DATA === 'snapshot') return null;
  const stack = loadConfig(process.env);
  const url = process.env.SDV_BUILD_API_URL || process.env.VITE_SUPABASE_URL || stack.apiUrl;
  const anonKey = process.env.SDV_BUILD_ANON_KEY || process.env.VITE_SUPABASE_ANON_KEY || stack.anonKey;
  return { url: url.replace(/\/+$/, ''), anonKey };
}

/** '/logo.svg' → first 10 hex digits of its SHA-256, for every file of public/. */
function publicAssetVersions(): Record<string, string> {
  const dir = path.join(ROOT, 'public');
  const versions: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const url = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    versions[url] = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
  }
  return versions;
}

/** The public pages' header and footer, the public root route's lazily loaded component. */
const PUBLIC_LAYOUT_MODULE = '/public-site/components/public-layout.tsx';

const ROUTE_MODULES: Record<PublicPageKind | 'notFound', (pagePath: string) => string> = {
  home: () => 'home-page.tsx',
  service: () => 'service-area-page.tsx',
  legal: (pagePath) => (pagePath === '/privacy' ? 'privacy-page.tsx' : 'terms-page.tsx'),
  contact: () => 'contact-page.tsx',
  notFound: () => 'not-found-page.tsx',
};

/** The chunk and those it imports statically (and dynamically too when asked), recursively. */
function chunkClosure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk, dynamic = false): string[] {
  const seen = new Set<string>();
  const stack = [start.fileName];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') continue;
    seen.add(name);
    stack.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  return [...seen];
}

/**
 * A prerendered page carries its CSS inline (about 9 kB gzip): it paints from the HTML alone,
 * without waiting for a stylesheet request.
 */
function inlineStylesheets(html: string, bundle: Rollup.OutputBundle): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const asset = bundle[file];
    return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
  });
}

/**
 * modulepreload links (one per line) for the chunks `roots` and their static imports, beyond the
 * entry's own (Vite's tags preload those): a page fetches them with the entry instead of after it
 * has run.
 */
function preloadLinks(bundle: Rollup.OutputBundle, roots: readonly Rollup.OutputChunk[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId !== PRERENDER_SCRIPT);
  const entryFiles = new Set(entry ? chunkClosure(bundle, entry) : []);
  return [...new Set(roots.flatMap((root) => chunkClosure(bundle, root)))]
    .filter((file) => !entryFiles.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/** The chunk whose module is `id` (an absolute path, or its end). */
function chunkOf(bundle: Rollup.OutputBundle, id: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.facadeModuleId?.endsWith(id) === true);
}

/** What every admin address runs first: the admin root and the routes' loader (with supabase-js). */
const ADMIN_FIRST_MODULES = ['src/app/admin-root.tsx', 'src/app/admin-loader.ts'].map((file) => path.join(ROOT, file));

/**
 * spa.html (every admin address) preloads the admin root's and the admin loader's chunks and their
 * imports: the browser fetches them with the entry instead of after the entry has run and the
 * router has matched the address (docs/architecture.md#budgets).
 */
function adminPreloads(bundle: Rollup.OutputBundle): string {
  const roots = ADMIN_FIRST_MODULES.map((id) => {
    const chunk = chunkOf(bundle, id);
    if (!chunk) throw new Error(`No chunk for ${id}: the admin preloads of spa.html would be missing`);
    return chunk;
  });
  return preloadLinks(bundle, roots)
    .map((link) => `    ${link}\n`)
    .join('');
}

/**
 * Before prerendering: keeps a copy of the unrendered page as dist/spa.html (the back office's
 * shell, noindex, with the admin preloads) and writes robots.txt and sitemap.xml. After: adds to each prerendered page a
 * modulepreload of its route's chunks (hydration waits for them) and drops the prerender entry.
 */
function publicSitePlugins(site: string): Plugin[] {
  const before: Plugin = {
    name: 'sdv-public-site-files',
    apply: 'build',
    // After Vite writes index.html (a core plugin), before vite-prerender-plugin fills it.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const shell = String(index.source).replace(
        '</head>',
        `    <meta name="robots" content="noindex" />\n    <title>Sàn Dịch Vụ</title>\n${adminPreloads(bundle)}  </head>`,
      );
      this.emitFile({ type: 'asset', fileName: 'spa.html', source: shell });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(site) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site, new Date().toISOString().slice(0, 10)) });
    },
  };
  const after: Plugin = {
    name: 'sdv-public-site-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const pages = [
        ...PUBLIC_PAGES.map((page) => ({ file: page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`, module: ROUTE_MODULES[page.kind](page.path) })),
        { file: NOT_FOUND_FILE.slice(1), module: ROUTE_MODULES.notFound('') },
      ];
      // Every public page also hydrates its header and footer (the public root route's own chunk).
      const layout = chunkOf(bundle, PUBLIC_LAYOUT_MODULE);
      for (const page of pages) {
        const html = bundle[page.file];
        const route = chunkOf(bundle, `/public-site/routes/${page.module}`);
        if (html?.type !== 'asset' || !route) continue;
        const links = preloadLinks(bundle, layout ? [layout, route] : [route]);
        html.source = inlineStylesheets(String(html.source), bundle).replace('</head>', `${links.join('\n')}\n</head>`);
      }
      // The prerender script ran in Node during the build: browsers never load it.
      const prerender = chunks.find((chunk) => chunk.facadeModuleId === PRERENDER_SCRIPT);
      if (prerender) {
        const kept = new Set(chunks.filter((chunk) => chunk !== prerender && chunk.isEntry).flatMap((chunk) => chunkClosure(bundle, chunk, true)));
        for (const chunk of chunks) {
          if (!kept.has(chunk.fileName)) delete bundle[chunk.fileName];
        }
      }
    },
  };
  return [before, after];
}

/**
 * The prerender runs in this Node process after the bundle is written and evaluates the browser
 * builds of React: its server renderer opens a MessageChannel when it loads, and in Node a port
 * listening for messages keeps the process alive, so `vite build` would never exit. The channels
 * made during the build are kept here and closed once the build is over (`closeBundle`).
 */
function trackMessageChannels(): () => void {
  const channels: MessageChannel[] = [];
  const NodeMessageChannel = globalThis.MessageChannel;
  globalThis.MessageChannel = class extends NodeMessageChannel {
    constructor() {
      super();
      channels.push(this);
    }
  };
  return () => {
    for (const channel of channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
    globalThis.MessageChannel = NodeMessageChannel;
  };
}

export default defineConfig(({ command }) => {
  const closeMessageChannels = command === 'build' ? trackMessageChannels() : () => undefined;
  const site = siteUrl();
  const [siteFiles, preloads] = publicSitePlugins(site);
  return {
    plugins: [
      react(),
      tailwindcss(),
      siteFiles,
      vitePrerenderPlugin({ renderTarget: '#root', prerenderScript: PRERENDER_SCRIPT, additionalPrerenderRoutes: [NOT_FOUND_FILE] }),
      preloads,
      { name: 'sdv-close-message-channels', apply: 'build', closeBundle: closeMessageChannels },
    ],
    define: {
      'import.meta.env.VITE_SITE_URL': JSON.stringify(site),
      'import.meta.env.VITE_PUBLIC_ASSET_VERSIONS': JSON.stringify(JSON.stringify(publicAssetVersions())),
      __SDV_BUILD_API__: JSON.stringify(buildApi()),
    },
    resolve: {
      alias: [
        // `@/` is src/ (the same alias as tsconfig.json's paths and vitest.config.ts).
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ],
    },
    build: {
      manifest: true,
      sourcemap: false,
      target: 'es2022',
      // Every browser of the es2022 target but Safari < 17 knows modulepreload; those only lose the
      // early fetch. No polyfill in every page's download.
      modulePreload: { polyfill: false },
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      strictPort: true,
    },
  };
});
