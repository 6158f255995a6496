// The catalogue screens' URL state (professions, services, packages): the search text only.
export const CATALOGUE_URL_DEFAULTS: { q: string } = { q: '' };
