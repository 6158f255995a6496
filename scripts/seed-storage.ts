// `npm run seed:storage`: uploads the sample images of supabase/seed-files for seeded rows whose
// Storage objects are missing (the work is in local-stack/seed-storage.ts, which npm start also runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../local-stack/config.ts';
import { seedStorageObjects } from '../local-stack/seed-storage.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const url = process.env.SUPABASE_URL || config.apiUrl;
  const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY || config.serviceRoleKey;
  console.log(`Uploading the sample images to the Storage of ${url} …`);
  const started = Date.now();
  await seedStorageObjects({ url, serviceRoleKey, log: (line) => console.log(line) });
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
