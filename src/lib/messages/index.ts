// The Vietnamese message catalogue: one file per area, re-exported here. Import either from this
// file or straight from the area file. Screen helpers: add `export { <area> } from './<area>.ts';`
// (one line per area file).
export { common } from './common.ts';
export { auth } from './auth.ts';
export { publicSite } from './public-site.ts';
