import { z } from 'zod';
import { crudSchemas, zSort } from '../../crud';
import { zOptionalText, zText } from '../../fields';
import { field, type ResourceMeta, sortField } from '../../resource-meta';

export const teachVenueSchemas = crudSchemas({
  input: {
    name: zText(64),
    address: zOptionalText(200),
    capacity: z.number().int().min(0).max(100_000).default(0),
    sort: zSort,
  },
  row: { name: z.string(), address: z.string().nullable(), capacity: z.number().int(), sort: z.number().int() },
  filter: {},
});
export type TeachVenue = z.infer<typeof teachVenueSchemas.row>;

export const teachVenueMeta: ResourceMeta = {
  name: 'teachVenue',
  title: { en: 'Teaching venues', zh: '教学场地' },
  permission: 'teachVenue',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('address', ['Address', '地址'], 'text'),
    field('capacity', ['Capacity', '容量'], 'number', { sortable: true, width: 100 }),
    sortField,
  ],
};
