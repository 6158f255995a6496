// Query keys of the catalogue feature (services and packages).
export const catalogueKeys = {
  all: ['catalogue'] as const,
  services: (search: string) => [...catalogueKeys.all, 'services', search] as const,
  servicesAll: () => [...catalogueKeys.all, 'services'] as const,
  packages: (search: string) => [...catalogueKeys.all, 'packages', search] as const,
  packagesAll: () => [...catalogueKeys.all, 'packages'] as const,
};
