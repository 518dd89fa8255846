// The staff panel on a claim's page (assignment, deadline, SLA, timeline): the workbench feature's
// public entry for the portal's claim page.
export { ClaimWorkPanel } from './components/ClaimWorkPanel';
