// Placeholder until its helper writes it (issue 34, in progress).
export function RecordsTab() {
  return null;
}
