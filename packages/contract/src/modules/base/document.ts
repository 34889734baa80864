import type { z } from 'zod';
import { defineEntity, f } from '../../entity';
import { DocumentAudience, documentAudienceLabels } from '../../enums/document-audience';

export const documentEntity = defineEntity({
  name: 'document',
  title: { en: 'Documents', zh: '文档' },
  one: { en: 'Document', zh: '文档' },
  labelKey: 'title',
  keyword: true,
  fields: {
    title: f.text(['Title', '标题'], 200, { sortable: true }),
    fileUrl: f.link(['File', '文件'], 512),
    audience: f.enum(documentAudienceLabels, ['Audience', '面向'], {
      default: DocumentAudience.Everyone,
      filter: true,
      width: 110,
    }),
    description: f.optionalText(['Description', '说明'], 1000, { textarea: true, list: false }),
  },
});
export const documentSchemas = documentEntity.schemas;
export const documentMeta = documentEntity.meta;
export type LyceumDocument = z.infer<typeof documentSchemas.row>;
