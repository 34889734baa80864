import { defineEnum, type EnumValue } from '../labels';

export const { values: ResourceKind, labels: resourceKindLabels } = defineEnum({
  Video: [1, 'Video', '视频', 'processing'],
  Document: [2, 'Document', '文档', 'default'],
  Image: [3, 'Image', '图片', 'success'],
  Audio: [4, 'Audio', '音频', 'warning'],
  Link: [5, 'Link', '链接', 'default'],
});
export type ResourceKind = EnumValue<typeof ResourceKind>;
