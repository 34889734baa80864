import type { Certificate, CertificateTemplate } from '@lyceum/contract';
import { resourceApi } from '../../crud/resource-api';

// The certificate screens' calls: templates and certificates each under their resource's name.
export const CERTIFICATE_KEY = 'certificate';
export const certificateApi = resourceApi<Certificate, never, never, object>(CERTIFICATE_KEY);
export const templateApi = resourceApi<CertificateTemplate, never, never, object>('certificateTemplate');

// The public verification address of a code, on this site (the QR code and links point here).
export const verifyUrl = (code: string) => `${window.location.origin}/verify/${code}`;
export const printPath = (id: number) => `/certificate/print/${id}`;
