// The Vietnamese message catalogue: one file per area, re-exported here. Import either from this
// file or straight from the area file. A new area adds `export { <area> } from './<area>.ts';`
// (one line per area file).
export { common } from './common.ts';
export { auth } from './auth.ts';
export { appFrame } from './app-frame.ts';
export { publicSite } from './public-site.ts';
export { publicHome } from './public-home.ts';
export { publicServices, serviceAreaPage } from './public-services.ts';
export { legalPage, privacyPolicy, termsOfUse } from './public-legal.ts';
export { publicContact } from './public-contact.ts';
export { catalogue } from './catalogue.ts';
export { deletion } from './deletion.ts';
export { commissions } from './commissions.ts';
export { deposits } from './deposits.ts';
export { promotions } from './promotions.ts';
export { conversations } from './conversations.ts';
export { reviews } from './reviews.ts';
export { settings } from './settings.ts';
export { dashboard } from './dashboard.ts';
export { bookings } from './bookings.ts';
export { providers } from './providers.ts';
export { customers } from './customers.ts';
export { professions } from './professions.ts';
export { profiles } from './profiles.ts';
export { mfa } from './mfa.ts';
export { auditLog } from './audit-log.ts';
export { ledger } from './ledger.ts';
export { bounds } from './bounds.ts';
export { dateField } from './date-field.ts';
export { bulk } from './bulk.ts';
export { selection } from './selection.ts';
export { search } from './search.ts';
export { pageSizeTexts } from './page-size.ts';
