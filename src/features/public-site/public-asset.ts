// Addresses of the images in public/ with their content version (`?v=<hash>`, computed by
// vite.config.ts at build time): the static server caches versioned files for a year, and a changed
// image gets a new address.
function readVersions(): Record<string, string> {
  const raw = import.meta.env.VITE_PUBLIC_ASSET_VERSIONS as string | undefined;
  if (!raw) return {};
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return {};
  }
}

const versions = readVersions();

/** '/logo.svg' → '/logo.svg?v=3f2a9c1b' (unchanged when the file is unknown). */
export function publicAsset(path: string): string {
  const version = versions[path];
  return version ? `${path}?v=${version}` : path;
}
