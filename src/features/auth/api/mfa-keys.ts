// Query keys of two-factor authentication: the signed-in admin's factors, the assurance level of
// a session (by its access token) and the setting that requires a second factor.
export const mfaKeys = {
  all: ['mfa'] as const,
  factors: () => [...mfaKeys.all, 'factors'] as const,
  assurance: (accessToken: string) => [...mfaKeys.all, 'assurance', accessToken] as const,
  requirement: () => [...mfaKeys.all, 'requirement'] as const,
};
