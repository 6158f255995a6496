// Query keys of the settings feature.
export const settingsKeys = {
  all: ['settings'] as const,
  detail: () => [...settingsKeys.all, 'app'] as const,
};
