import type { EnumLabel } from '../labels';

export const ResourceKind = { Video: 1, Document: 2, Image: 3, Audio: 4, Link: 5 } as const;
export type ResourceKind = (typeof ResourceKind)[keyof typeof ResourceKind];
export const resourceKindLabels = {
  1: { en: 'Video', zh: '视频', color: 'processing' },
  2: { en: 'Document', zh: '文档', color: 'default' },
  3: { en: 'Image', zh: '图片', color: 'success' },
  4: { en: 'Audio', zh: '音频', color: 'warning' },
  5: { en: 'Link', zh: '链接', color: 'default' },
} satisfies Record<ResourceKind, EnumLabel>;
