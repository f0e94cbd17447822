// Custom search attributes on every Calculate workflow, so operators find runs in the
// Temporal UI by organization, Load Plan and source.
export const SEARCH_ATTRIBUTES = {
  LoadPlanOrganizationId: 'Keyword',
  LoadPlanId: 'Keyword',
  CalculateSource: 'Keyword',
} as const;
