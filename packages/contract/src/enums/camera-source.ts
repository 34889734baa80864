import { defineEnum, type EnumValue } from '../labels';

// Which camera proctoring uses on phones and tablets (spec: source options).
export const { values: CameraSource, labels: cameraSourceLabels } = defineEnum({
  Front: [1, 'Front camera', '前置摄像头'],
  Rear: [2, 'Rear camera', '后置摄像头'],
});
export type CameraSource = EnumValue<typeof CameraSource>;
