// Placeholder until its helper writes it (issue 34, in progress).
export function ProgrammesTab() {
  return null;
}
export function SessionsTab() {
  return null;
}
