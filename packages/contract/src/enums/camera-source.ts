import type { EnumLabel } from '../labels';

// Which camera proctoring uses on phones and tablets (spec: source options).
export const CameraSource = { Front: 1, Rear: 2 } as const;
export type CameraSource = (typeof CameraSource)[keyof typeof CameraSource];
export const cameraSourceLabels = {
  1: { en: 'Front camera', zh: '前置摄像头' },
  2: { en: 'Rear camera', zh: '后置摄像头' },
} satisfies Record<CameraSource, EnumLabel>;
