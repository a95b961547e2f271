// What the e2e stack's operator set up: the token the API is started with, for
// `GET /v1/projects/:id/stats`, and the projects the analytics tests count events in.
export const operatorToken = 'e2e-operator-token-0123456789abcdef'

export const analyticsProjects = [
  'analytics-funnel',
  'analytics-quiet',
  'analytics-off',
  'analytics-errors',
] as const
