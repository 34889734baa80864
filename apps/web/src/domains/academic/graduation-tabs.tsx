// Placeholder until its helper writes it (issue 34, in progress).
export function RequirementsTab() {
  return null;
}
export function BatchesTab() {
  return null;
}
export function AwardsTab() {
  return null;
}
