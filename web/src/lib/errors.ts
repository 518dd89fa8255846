// The API error readers moved to lib/api-errors.ts (shared with components/form); kept for the portal's imports.
export * from './api-errors';
