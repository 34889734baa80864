import type { z } from 'zod';
import { defineEntity, f } from '../../entity';

export const teachVenueEntity = defineEntity({
  name: 'teachVenue',
  title: { en: 'Teaching venues', zh: '教学场地' },
  one: { en: 'Teaching venue', zh: '教学场地' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64, { sortable: true }),
    address: f.optionalText(['Address', '地址'], 200),
    capacity: f.int(['Capacity', '容量'], { min: 0, max: 100_000, default: 0 }, { sortable: true, width: 100 }),
    sort: f.sort(),
  },
});
export const teachVenueSchemas = teachVenueEntity.schemas;
export const teachVenueMeta = teachVenueEntity.meta;
export type TeachVenue = z.infer<typeof teachVenueSchemas.row>;
