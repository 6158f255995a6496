import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The SPA: public site + admin back office. The manifest lets scripts/check-bundle-size.ts measure
// what the public home page downloads.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/` is src/ (the same alias as tsconfig.json's paths and vitest.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
  },
});
