import { z } from 'zod';
import { crudSchemas } from '../../crud';
import { DocumentAudience, documentAudienceLabels } from '../../enums/document-audience';
import { zEnum, zLink, zOptionalText, zText } from '../../fields';
import { field, type ResourceMeta } from '../../resource-meta';

export const documentSchemas = crudSchemas({
  input: {
    title: zText(200),
    fileUrl: zLink(512),
    audience: zEnum(documentAudienceLabels).default(DocumentAudience.Everyone),
    description: zOptionalText(1000),
  },
  row: {
    title: z.string(),
    fileUrl: z.string(),
    audience: zEnum(documentAudienceLabels),
    description: z.string().nullable(),
  },
  filter: { audience: zEnum(documentAudienceLabels).optional() },
});
export type LyceumDocument = z.infer<typeof documentSchemas.row>;

export const documentMeta: ResourceMeta = {
  name: 'document',
  title: { en: 'Documents', zh: '文档' },
  permission: 'document',
  labelKey: 'title',
  keyword: true,
  fields: [
    field('title', ['Title', '标题'], 'text', { required: true, sortable: true }),
    field('fileUrl', ['File', '文件'], 'url', { required: true }),
    field('audience', ['Audience', '面向'], 'enum', {
      required: true,
      enum: documentAudienceLabels,
      filter: true,
      width: 110,
    }),
    field('description', ['Description', '说明'], 'textarea', { list: false }),
  ],
};
