import { z } from 'zod';
import { zId } from '../../fields';

const named = { id: zId, name: z.string() };
// The shared lists the web keeps in its state (spec: common lists in shared state).
export const zCommonLists = z.object({
  degreeList: z.array(z.object(named)),
  categoryList: z.array(z.object({ ...named, degreeId: zId })),
  typeEnumList: z.array(z.object({ ...named, systemTypeEnum: z.number().int(), categoryId: zId, degreeId: zId })),
  userCategoryList: z.array(z.object(named)),
  teachVenueList: z.array(z.object({ ...named, capacity: z.number().int() })),
  semesterList: z.array(z.object({ ...named, year: z.number().int(), term: z.number().int(), current: z.boolean() })),
});
export type CommonLists = z.infer<typeof zCommonLists>;
