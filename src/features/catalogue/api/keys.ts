// Query keys of the catalogue feature: professions (categories), services and packages.
export const catalogueKeys = {
  all: ['catalogue'] as const,
  professionsAll: () => [...catalogueKeys.all, 'professions', 'list'] as const,
  professions: (search: string) => [...catalogueKeys.professionsAll(), search] as const,
  services: (search: string) => [...catalogueKeys.all, 'services', search] as const,
  servicesAll: () => [...catalogueKeys.all, 'services'] as const,
  packages: (search: string) => [...catalogueKeys.all, 'packages', search] as const,
  packagesAll: () => [...catalogueKeys.all, 'packages'] as const,
};
