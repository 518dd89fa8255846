// The workbench pages' lazy chunks, for the portal's routes (this file is the workbench feature's
// public entry for them: other features never import the pages themselves).
export const WORKBENCH_PAGE_CHUNKS = {
  workbench: () => import('./pages/WorkbenchPage'),
  settings: () => import('./pages/WorkbenchSettingsPage'),
  messageTemplates: () => import('./pages/MessageTemplatesPage'),
} as const;
