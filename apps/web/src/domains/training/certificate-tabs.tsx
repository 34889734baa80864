// Placeholder until its helper writes it (issue 34, in progress).
export function CertificatesTab() {
  return null;
}
export function TemplatesTab() {
  return null;
}
